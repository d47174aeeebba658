/**
 * One unit of the link through THE renderer (`UnitContent`): its answerable questions (checked in the browser, as the
 * renderer does; the share of right answers is shown), 'Relatar Problema' on the cover (the reviews' dialog, sent
 * with the link), and below it the star vote, the free-text feedback and the AI question. A link an LMS launch opened
 * with grades (issue 14, `grades`) also sends each answer to the server, which checks it and posts the score to the LMS.
 */
import { Card, Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { STUDENT_MSG } from '@edu/shared/student';
import { LTI_TOOL_MSG } from '@edu/shared/lti-tool';
import { QuestionAnswerContext, UnitContent, type QuestionAnswer } from '../../../ui/unit-content';
import { ProblemReportButton } from '../../reviews';
import { sendFeedback, sendLtiAnswer, unitQuery, type StudentCredentials } from '../api';
import { isRefusal } from '../refusal';
import { AiQuestionCard } from './ai-question-card';
import { FeedbackCard } from './feedback-card';
import { StudentLoadFail, StudentRefusal } from './student-refusal';
import { VoteCard } from './vote-card';

export function StudentUnitView({ credentials, unitId, grades = false }: { credentials: StudentCredentials; unitId: number; grades?: boolean }) {
  const unit = useQuery(unitQuery(credentials, unitId));
  const [answers, setAnswers] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [gradeStatus, setGradeStatus] = useState<'sent' | 'failed' | null>(null);
  const record = useCallback(
    (a: QuestionAnswer) => {
      setAnswers((old) => new Map(old).set(a.key, a.correct));
      if (grades) {
        sendLtiAnswer(credentials, unitId, a.key, a.option).then(
          () => setGradeStatus('sent'),
          () => setGradeStatus('failed'),
        );
      }
    },
    [grades, credentials, unitId],
  );

  if (unit.isError) {
    return isRefusal(unit.error) ? <StudentRefusal reason={unit.error.message} /> : <StudentLoadFail onRetry={() => void unit.refetch()} retrying={unit.isFetching} />;
  }
  if (!unit.data) {
    return (
      <Center py="xl" aria-busy="true" aria-label={STUDENT_MSG.loadingUnit}>
        <Loader />
      </Center>
    );
  }
  const data = unit.data;
  const right = [...answers.values()].filter(Boolean).length;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="sm">
        <QuestionAnswerContext.Provider value={record}>
          <UnitContent
            unit={data}
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
          <Text fw={500} data-testid="student-score">
            {STUDENT_MSG.score(right, answers.size)}
          </Text>
        )}
        {gradeStatus && (
          <Text size="sm" c={gradeStatus === 'sent' ? 'dimmed' : 'red'} data-testid="lms-grade">
            {gradeStatus === 'sent' ? LTI_TOOL_MSG.gradeSent : LTI_TOOL_MSG.gradeFail}
          </Text>
        )}
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <VoteCard credentials={credentials} unit={data} />
          <FeedbackCard credentials={credentials} unitId={data.id} />
        </Stack>
        <AiQuestionCard credentials={credentials} unitId={data.id} />
      </SimpleGrid>
    </Stack>
  );
}
