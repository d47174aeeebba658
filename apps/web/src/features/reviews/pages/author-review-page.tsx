/**
 * The author's content-review status screen (spec 2 §2.7), /dashboard/my-units/review/:id where :id is
 * the unit content id: the current status ('Correção' when the unit is in correction, otherwise
 * 'Publicada'), the curation and review statuses, the comments (the author may reply) and
 * 'Corrigir unidade', which opens the unit in the studio.
 */
import { Badge, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconEdit } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AUTHOR_TYPES } from '@edu/shared/units';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { LoadError } from '../../../ui/load-error';
import { PageLoader } from '../../../ui/page-loader';
import { reviewQuery } from '../api';
import { ReviewComments } from '../components/review-comments';
import { ReviewStatus } from '../components/review-status';

export const AUTHOR_REVIEW_TEXT = {
  title: 'Avaliação da unidade',
  loadFail: 'Ocorreu um erro',
  status: 'Status atual',
  correction: 'Correção',
  published: 'Publicada',
  fix: 'Corrigir unidade',
} as const;

export default function AuthorReviewPage() {
  const user = useSessionUser();
  const { id } = useParams();
  const contentId = Number(id);
  if (!user) return null;
  if (!typeAllowed(user.type, AUTHOR_TYPES)) return <AccessDenied title={AUTHOR_REVIEW_TEXT.title} />;
  return <AuthorReview key={contentId} contentId={contentId} />;
}

function AuthorReview({ contentId }: { contentId: number }) {
  const valid = Number.isInteger(contentId) && contentId > 0;
  const detail = useQuery({ ...reviewQuery(contentId, 'content'), enabled: valid });

  if (!valid || detail.isError) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">{AUTHOR_REVIEW_TEXT.title}</Title>
        <LoadError error={detail.error} title={AUTHOR_REVIEW_TEXT.loadFail} onRetry={() => void detail.refetch()} />
      </Stack>
    );
  }
  if (!detail.data) return <PageLoader />;
  const d = detail.data;
  const correction = d.unitStatus === 'correction';

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">{AUTHOR_REVIEW_TEXT.title}</Title>
        <Text fw={600}>{d.title}</Text>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="md">
            <Stack gap="md">
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {AUTHOR_REVIEW_TEXT.status}
                </Text>
                <Badge color={correction ? 'orange' : 'green'} variant="light" radius="sm" tt="none">
                  {correction ? AUTHOR_REVIEW_TEXT.correction : AUTHOR_REVIEW_TEXT.published}
                </Badge>
              </Group>
              <ReviewStatus detail={d} />
              <Button component={Link} to={`/studio/${d.itemContentId}`} leftSection={<IconEdit size={16} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
                {AUTHOR_REVIEW_TEXT.fix}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ReviewComments reviewId={d.id} itemId={d.itemContentId} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
