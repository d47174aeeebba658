/**
 * One unit of the link through THE renderer (`UnitContent`): its answerable questions (checked in the browser, as the
 * renderer does; the share of right answers is shown), 'Relatar Problema' on the cover (the reviews' dialog, sent
 * with the link), and below it the star vote, the free-text feedback and the AI question. A link an LMS launch opened
 * with grades (`grades`) also sends each answer to the server, which checks it and posts the score to the LMS.
 */
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { STUDENT_MSG } from '@edu/shared/student';
import { LTI_GRADE_MSG } from '@edu/shared/lti-tool-answer';
import { Loader } from '../../../ui/basic/feedback';
import { Card } from '../../../ui/basic/surface';
import { QuestionAnswerContext, UnitContent, type QuestionAnswer } from '../../../ui/unit-content';
import { ProblemReportButton } from '../../reviews';
import { isTokenRefusal, sendFeedback, sendLtiAnswer, useUnit, type StudentCredentials } from '../api';
import { isRefusal } from '../refusal';
import { AiQuestionCard } from './ai-question-card';
import { FeedbackCard } from './feedback-card';
import { StudentLoadFail, StudentRefusal } from './student-refusal';
import { VoteCard } from './vote-card';
import { questionKey, unitQuestions } from '@edu/shared/content/unit-questions';
import { scorePercent } from '@edu/shared/lms-exports';
import type { StudentUnit } from '@edu/shared/student';
import { unitPages } from '../../../ui/unit-content';
import { LmsReaderContext } from '../lms-bridge';
import classes from '../student.module.css';

export function StudentUnitView({
  credentials,
  unitId,
  grades = false,
  onTokenRefused,
}: {
  credentials: StudentCredentials;
  unitId: number;
  grades?: boolean;
  /** The server refused the student token (expired, altered): the page identifies the student again. */
  onTokenRefused?: () => void;
}) {
  const unit = useUnit(credentials, unitId);
  const tokenRefused = unit.isError && isTokenRefusal(unit.error) && onTokenRefused !== undefined;
  useEffect(() => {
    if (tokenRefused) onTokenRefused();
  }, [tokenRefused, onTokenRefused]);
  const [answers, setAnswers] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [gradeStatus, setGradeStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const record = useCallback(
    (a: QuestionAnswer) => {
      setAnswers((old) => new Map(old).set(a.key, a.correct));
      if (grades) {
        // The server's word: 'sent', or that only the first answer of a question counts.
        sendLtiAnswer(credentials, unitId, a.key, a.option).then(
          (reply) => setGradeStatus({ ok: true, message: reply.message }),
          () => setGradeStatus({ ok: false, message: LTI_GRADE_MSG.gradeFail }),
        );
      }
    },
    [grades, credentials, unitId],
  );

  // Opened by an LMS (LMS_VIEWER_PATH): the page is kept here to start where an attempt resumes and to tell
  // the SCORM package (lms-bridge.ts) the page, whether the unit's last page was reached, and the score.
  const lms = useContext(LmsReaderContext);
  const [page, setPage] = useState(lms?.initialPage ?? 0);
  const [reachedEnd, setReachedEnd] = useState(false);
  const shape = useMemo(() => (unit.data ? shapeOf(unit.data) : null), [unit.data]);
  const current = shape ? Math.min(Math.max(page, 0), shape.pages - 1) : 0;
  const atEnd = shape !== null && current === shape.pages - 1;
  useEffect(() => {
    if (atEnd) setReachedEnd(true);
  }, [atEnd]);
  useEffect(() => {
    if (!shape || !lms) return;
    const counted = [...answers].filter(([key]) => shape.questions.has(key));
    const right = counted.filter(([, correct]) => correct).length;
    const total = shape.questions.size;
    lms.report({ unitId, page: current, pages: shape.pages, completed: reachedEnd || atEnd, total, answered: counted.length, right, score: scorePercent(right, total) });
  }, [shape, lms, unitId, current, reachedEnd, atEnd, answers]);

  if (unit.isError && !tokenRefused) {
    return isRefusal(unit.error) ? <StudentRefusal reason={unit.error.message} /> : <StudentLoadFail onRetry={() => void unit.refetch()} retrying={unit.isFetching} />;
  }
  if (!unit.data) {
    return <Loader label={STUDENT_MSG.loadingUnit} />;
  }
  const data = unit.data;
  const right = [...answers.values()].filter(Boolean).length;
  return (
    <div className={classes.stack}>
      <Card padding="sm">
        <QuestionAnswerContext.Provider value={record}>
          <UnitContent
            unit={data}
            page={current}
            onPageChange={setPage}
            actions={
              <ProblemReportButton
                unit={{ id: data.id, title: data.title }}
                send={(r) => sendFeedback(credentials, data.id, r.error_type, r.error_description)}
              />
            }
          />
        </QuestionAnswerContext.Provider>
      </Card>
      <div aria-live="polite">
        {answers.size > 0 && (
          <p className={`${classes.text} ${classes.medium}`} data-testid="student-score">
            {STUDENT_MSG.score(right, answers.size)}
          </p>
        )}
        {gradeStatus && (
          <p className={`${classes.text} ${classes.sm} ${gradeStatus.ok ? classes.dimmed : classes.error}`} data-testid="lms-grade">
            {gradeStatus.message}
          </p>
        )}
      </div>
      <div className={classes.cards}>
        <div className={classes.stack}>
          <VoteCard credentials={credentials} unit={data} onVoted={(stars) => unit.setData((old) => ({ ...old, myVote: stars }))} />
          <FeedbackCard credentials={credentials} unitId={data.id} />
        </div>
        <AiQuestionCard credentials={credentials} unitId={data.id} />
      </div>
    </div>
  );
}

/** The unit's pages and its questions (by the reader's key): what "the end" and a score are measured against. */
function shapeOf(unit: StudentUnit): { pages: number; questions: ReadonlySet<string> } {
  return { pages: unitPages(unit).length, questions: new Set(unitQuestions(unit).map(questionKey)) };
}
