import { IconLinkOff } from '@tabler/icons-react';
import { STUDENT_MSG } from '@edu/shared/student';
import { Button } from '../../../ui/basic/button';
import { Alert } from '../../../ui/basic/feedback';
import { Card } from '../../../ui/basic/surface';
import classes from '../student.module.css';

/**
 * A link that opens nothing (forged, expired, revoked by a new LMS key, rental ended, institution not active): the
 * server's pt-BR reason (SHARE_MSG) and no content.
 */
export function StudentRefusal({ reason }: { reason: string }) {
  return (
    <Card padding="wide" className={classes.narrow} data-testid="student-refusal">
      <div className={classes.refusal}>
        <IconLinkOff size={48} className={classes.refusalIcon} aria-hidden />
        <h1 className={`${classes.h1} ${classes.titleH3}`}>{STUDENT_MSG.refusedTitle}</h1>
        <p className={`${classes.text} ${classes.lg}`} role="alert">
          {reason}
        </p>
        <p className={`${classes.text} ${classes.sm} ${classes.dimmed}`}>{STUDENT_MSG.refusedHint}</p>
      </div>
    </Card>
  );
}

/** A load that failed for another reason (no connection, server error): the text and a retry. */
export function StudentLoadFail({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Alert role="alert" className={classes.narrow}>
      <div className={classes.stackXs} style={{ alignItems: 'flex-start' }}>
        <p className={`${classes.text} ${classes.sm}`}>{STUDENT_MSG.loadFail}</p>
        <Button size="compact" variant="light" color="red" onClick={onRetry} loading={retrying}>
          {STUDENT_MSG.retry}
        </Button>
      </div>
    </Alert>
  );
}
