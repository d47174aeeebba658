import { useState } from 'react';
import { STUDENT_ID_MAX } from '@edu/shared/share-links';
import { STUDENT_MSG, studentIdSchema } from '@edu/shared/student';
import { Button } from '../../../ui/basic/button';
import { TextField } from '../../../ui/basic/fields';
import { Card } from '../../../ui/basic/surface';
import classes from '../student.module.css';

/**
 * Asked once when the link names no student: 'Matrícula ou e-mail' (kept in the browser by the page, which exchanges
 * it for the link's student token). `refusal`: why the server did not take the last one.
 */
export function IdentityForm({ onSubmit, busy = false, refusal = null }: { onSubmit: (id: string) => void; busy?: boolean; refusal?: Error | null }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(refusal?.message ?? null);
  const [shownRefusal, setShownRefusal] = useState(refusal);
  // Each new refusal of the server is shown until the student edits the field.
  if (refusal !== shownRefusal) {
    setShownRefusal(refusal);
    if (refusal) setError(refusal.message);
  }
  return (
    <Card padding="wide" className={classes.form}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = studentIdSchema.safeParse(value);
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? STUDENT_MSG.identityInvalid);
            return;
          }
          onSubmit(parsed.data);
        }}
      >
        <div className={classes.stack}>
          <h1 className={`${classes.h1} ${classes.titleH3}`}>{STUDENT_MSG.identityTitle}</h1>
          <p className={`${classes.text} ${classes.sm}`}>{STUDENT_MSG.identityText}</p>
          <TextField
            label={STUDENT_MSG.identityLabel}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={STUDENT_ID_MAX}
            autoComplete="username"
            autoFocus
            required
          />
          <Button type="submit" loading={busy} fullWidth>
            {STUDENT_MSG.identityContinue}
          </Button>
        </div>
      </form>
    </Card>
  );
}
