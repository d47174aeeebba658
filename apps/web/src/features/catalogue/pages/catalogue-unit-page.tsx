/**
 * /seller/rented-unit/item/{id} (spec 3 §2.13): breadcrumb Catálogo > title, the question-bank link, the
 * learning-level tags and the unit's content through the one UnitContent renderer. The server answers only a
 * version the caller may read (a published unit of an active rental, or the version one of its subjects uses).
 */
import { Anchor, Badge, Card, Group, Skeleton, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { CATALOGUE_MSG, CATALOGUE_READER_TYPES } from '@edu/shared/catalogue';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { Crumbs } from '../../../ui/crumbs';
import { LoadError } from '../../../ui/load-error';
import { UnitContent } from '../../../ui/unit-content';
import { catalogueUnitQuery } from '../api';
import { AddToSubjectButton } from '../components/add-to-subject-button';
import { LazyShareLinkButton, PackageDownloadButton, preloadShareLinkButton, ReviewFileButton, ScormDownloadButton } from '../../delivery';
import { isSellerType } from '@edu/shared/access';

export default function CatalogueUnitPage() {
  const user = useSessionUser();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const unit = useQuery({ ...catalogueUnitQuery(id), enabled: valid });
  // The share button (an institution's users only) is fetched while the unit loads.
  const sharer = !!user && isSellerType(user.type);
  useEffect(() => {
    if (sharer) void preloadShareLinkButton();
  }, [sharer]);
  if (!user) return null;
  if (!typeAllowed(user.type, CATALOGUE_READER_TYPES) || !valid) return <AccessDenied title={CATALOGUE_MSG.title} />;
  return (
    <Stack gap="lg">
      <Crumbs items={[{ label: CATALOGUE_MSG.crumb, to: '/seller/rented-units' }, { label: unit.data?.title ?? '…' }]} />
      {unit.isError ? (
        <LoadError error={unit.error} message={CATALOGUE_MSG.loadFail} showReason onRetry={() => void unit.refetch()} retrying={unit.isFetching} />
      ) : !unit.data ? (
        <Skeleton height={400} radius="md" role="status" aria-label="Carregando unidade" />
      ) : (
        <>
          {/* The title is the content's own cover heading (UnitContent), the page's h1. */}
          <Stack gap="xs">
            <Group gap="xs" justify="flex-end">
              <AddToSubjectButton itemId={unit.data.itemId} itemContentId={unit.data.id} title={unit.data.title} size="sm" />
              <PackageDownloadButton itemContentId={unit.data.id} />
              <ScormDownloadButton itemId={unit.data.itemId} />
              <ReviewFileButton itemContentId={unit.data.id} />
              {isSellerType(user.type) && <LazyShareLinkButton kind="unit" id={unit.data.itemId} />}
            </Group>
            <Group gap="xs">
              {unit.data.levelOfLearning.map((level) => (
                <Badge key={level} variant="light">
                  {level}
                </Badge>
              ))}
            </Group>
            {unit.data.questions && (
              <Anchor href={unit.data.questions} target="_blank" rel="noopener noreferrer" download>
                <Group gap={4} component="span">
                  <IconDownload size={16} aria-hidden />
                  {CATALOGUE_MSG.questionBank}
                </Group>
              </Anchor>
            )}
          </Stack>
          <Card withBorder padding="md">
            <UnitContent unit={unit.data} titleLevel={1} />
          </Card>
        </>
      )}
    </Stack>
  );
}
