import { useId, useState } from 'react';
import { STARS_MAX, STUDENT_MSG, type StudentUnit } from '@edu/shared/student';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../ui/basic/button';
import { OutcomeLine, useOutcome } from '../../../ui/basic/outcome';
import { StarRating } from '../../../ui/basic/star-rating';
import { Card } from '../../../ui/basic/surface';
import { useVoteUnit, type StudentCredentials } from '../api';
import classes from '../student.module.css';

/** A refusal's own words (4xx), else the card's. */
export const failureText = (err: unknown, fallback: string) => (err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : fallback);

/** The star vote (1–5, one per student and unit; sending again changes it). Pick the stars, then 'Enviar avaliação'. */
export function VoteCard({ credentials, unit, onVoted }: { credentials: StudentCredentials; unit: StudentUnit; onVoted(stars: number): void }) {
  const id = useId();
  const [stars, setStars] = useState(unit.myVote ?? 0);
  const { outcome, succeeded, failed, clear } = useOutcome();
  const send = useVoteUnit(credentials, unit.id, {
    onSuccess: (reply) => {
      onVoted(reply.stars);
      succeeded(reply.message);
    },
    onError: (err) => failed(failureText(err, STUDENT_MSG.voteFail)),
  });
  return (
    <Card as="section" aria-labelledby={`${id}-title`}>
      <div className={classes.stackSm}>
        <h2 className={`${classes.h2} ${classes.titleH4}`} id={`${id}-title`}>
          {STUDENT_MSG.voteTitle}
        </h2>
        <div className={classes.row}>
          <StarRating value={stars} onChange={setStars} count={STARS_MAX} name={`${id}-stars`} symbolLabel={STUDENT_MSG.starLabel} label={STUDENT_MSG.voteLabel} />
          <Button
            onClick={() => {
              clear();
              send.mutate(stars);
            }}
            disabled={stars < 1 || stars === unit.myVote}
            loading={send.isPending}
          >
            {STUDENT_MSG.voteSend}
          </Button>
        </div>
        {unit.myVote !== null && <p className={`${classes.text} ${classes.sm} ${classes.dimmed}`}>{STUDENT_MSG.voteCurrent(unit.myVote)}</p>}
      </div>
      <OutcomeLine outcome={outcome} />
    </Card>
  );
}
