/**
 * 'Avaliação' (spec 2 §2.5), /dashboard/units/review/:id where :id is the review id: the unit in
 * preview or edit mode (edit only when the server says this user may edit it now) and a side panel
 * with the evaluation status and the moves the server allows, the unit details, the tags (curator and
 * admin), the comments, the 'Revisão Vigente' banner, the review versions and 'Reabrir avaliação'.
 */
import { Alert, Card, Divider, Grid, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PUBLISHER_TYPES } from '@edu/shared/review-machine';
import { REVIEW_STAFF_TYPES } from '@edu/shared/reviews';
import { TAG_EDITOR_TYPES } from '@edu/shared/units';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { LoadError } from '../../../ui/load-error';
import { PageLoader } from '../../../ui/page-loader';
import { UnitContent } from '../../../ui/unit-content';
import { UnitStatusBadge, unitQuery } from '../../units';
import { reviewQuery } from '../api';
import { ReviewActions } from '../components/review-actions';
import { ReviewComments } from '../components/review-comments';
import { ReviewDetails } from '../components/review-details';
import { ReviewReopen } from '../components/review-reopen';
import { ReviewStatus } from '../components/review-status';
import { ReviewVersions } from '../components/review-versions';

// Edit mode brings the rich-text editor and the studio's editing pieces: loaded when chosen.
const ReviewEditForm = lazy(() => import('../components/review-edit-form').then((m) => ({ default: m.ReviewEditForm })));
// The tags field (a searchable tags input) is for curators and admins only: fetched for them while the review loads.
const loadTags = () => import('../components/review-tags');
const ReviewTags = lazy(() => loadTags().then((m) => ({ default: m.ReviewTags })));

export const REVIEW_PAGE_TEXT = {
  title: 'Avaliação',
  loadFail: 'Ocorreu um erro',
  current: 'Revisão Vigente',
  preview: 'Visualizar',
  edit: 'Editar',
} as const;

export default function ReviewPage() {
  const user = useSessionUser();
  const { id } = useParams();
  const reviewId = Number(id);
  if (!user) return null;
  if (!typeAllowed(user.type, REVIEW_STAFF_TYPES)) return <AccessDenied title={REVIEW_PAGE_TEXT.title} />;
  if (!Number.isInteger(reviewId) || reviewId <= 0) return <Failure />;
  return <Review key={reviewId} reviewId={reviewId} userType={user.type} />;
}

function Failure({ onRetry, error = null }: { onRetry?: () => void; error?: unknown }) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">{REVIEW_PAGE_TEXT.title}</Title>
      <LoadError error={error} title={REVIEW_PAGE_TEXT.loadFail} onRetry={onRetry ?? (() => window.location.reload())} />
    </Stack>
  );
}

function Review({ reviewId, userType }: { reviewId: number; userType: (typeof REVIEW_STAFF_TYPES)[number] | string }) {
  const detail = useQuery(reviewQuery(reviewId));
  const contentId = detail.data?.itemContentId;
  const unit = useQuery({ ...unitQuery(contentId ?? 0), enabled: contentId !== undefined });
  const [mode, setMode] = useState<'preview' | 'edit'>('preview');
  const [page, setPage] = useState(0);
  const tagEditor = (TAG_EDITOR_TYPES as readonly string[]).includes(userType);
  useEffect(() => {
    if (tagEditor) void loadTags();
  }, [tagEditor]);

  if (detail.isError) return <Failure error={detail.error} onRetry={() => void detail.refetch()} />;
  if (unit.isError) return <Failure error={unit.error} onRetry={() => void unit.refetch()} />;
  if (!detail.data) return <PageLoader />;
  const d = detail.data;
  const publisher = (PUBLISHER_TYPES as readonly string[]).includes(userType);
  const editing = mode === 'edit' && d.canEditContent;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">{REVIEW_PAGE_TEXT.title}</Title>
          <Group gap="xs">
            <Text fw={600}>{d.title}</Text>
            <UnitStatusBadge status={d.unitStatus} />
            <Text size="sm" c="dimmed">
              Versão da avaliação {d.version}
            </Text>
          </Group>
        </Stack>
        {d.canEditContent && (
          <SegmentedControl
            aria-label="Modo"
            value={mode}
            onChange={(v) => setMode(v as 'preview' | 'edit')}
            data={[
              { value: 'preview', label: REVIEW_PAGE_TEXT.preview },
              { value: 'edit', label: REVIEW_PAGE_TEXT.edit },
            ]}
          />
        )}
      </Group>
      {d.current && (
        <Alert color="blue" variant="light" py="xs">
          <Text fw={600} size="sm">
            {REVIEW_PAGE_TEXT.current}
          </Text>
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {!unit.data ? (
            <PageLoader />
          ) : editing ? (
            <Card withBorder padding="md">
              <Suspense fallback={<PageLoader />}>
                <ReviewEditForm key={unit.data.revision} unit={unit.data} onSaved={() => setMode('preview')} />
              </Suspense>
            </Card>
          ) : (
            <UnitContent unit={unit.data} page={page} onPageChange={setPage} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <Stack gap="md">
                <Group justify="space-between">
                  <Title order={2} size="h4">Status da avaliação</Title>
                  {publisher && d.versions.length > 0 && <ReviewVersions detail={d} />}
                </Group>
                <ReviewStatus detail={d} />
                <ReviewActions detail={d} />
                {d.canReopen && <ReviewReopen detail={d} />}
              </Stack>
            </Card>
            <Card withBorder padding="md">
              <Stack gap="md">
                <Title order={2} size="h4">Detalhes da unidade</Title>
                <ReviewDetails detail={d} unit={unit.data} canEdit={d.canEditContent} />
                {tagEditor && unit.data && (
                  <>
                    <Divider />
                    <Suspense fallback={<Skeleton h={84} />}>
                      <ReviewTags key={unit.data.id} unit={unit.data} />
                    </Suspense>
                  </>
                )}
              </Stack>
            </Card>
            <ReviewComments reviewId={d.id} itemId={d.itemContentId} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
