import { Button, Card, Group, Rating, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { STARS_MAX, STUDENT_MSG, type StudentUnit } from '@edu/shared/student';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useVoteUnit, type StudentCredentials } from '../api';

/** The star vote (1–5, one per student and unit; sending again changes it). Pick the stars, then 'Enviar avaliação'. */
export function VoteCard({ credentials, unit }: { credentials: StudentCredentials; unit: StudentUnit }) {
  const id = useId();
  const [stars, setStars] = useState(unit.myVote ?? 0);
  const send = useVoteUnit(credentials, unit.id, {
    onSuccess: (reply) => toastSuccess(reply.message),
    onError: (err) => toastError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : STUDENT_MSG.voteFail),
  });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id={`${id}-title`}>
          {STUDENT_MSG.voteTitle}
        </Title>
        <Group gap="md" wrap="wrap">
          <Rating
            value={stars}
            onChange={setStars}
            count={STARS_MAX}
            size="xl"
            name={`${id}-stars`}
            getSymbolLabel={(value) => STUDENT_MSG.starLabel(value)}
            role="radiogroup"
            aria-label={STUDENT_MSG.voteLabel}
          />
          <Button onClick={() => send.mutate(stars)} disabled={stars < 1 || stars === unit.myVote} loading={send.isPending}>
            {STUDENT_MSG.voteSend}
          </Button>
        </Group>
        {unit.myVote !== null && (
          <Text size="sm" c="dimmed">
            {STUDENT_MSG.voteCurrent(unit.myVote)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
