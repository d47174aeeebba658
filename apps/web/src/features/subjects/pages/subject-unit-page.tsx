/**
 * /seller/subject/{idSubject}/item/{id}/{idSubjectItem} (spec 3 §2.15): the version pinned in the subject — title,
 * the question-bank link, level tags, the content through THE renderer — and 'Remover'. Read through the gate
 * (an institution's rent of the provider must be active). 'Pacote SCORM 1.2' packages the unit as this
 * subject keeps it.
 */
import { Anchor, Badge, Breadcrumbs, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { SUBJECT_MSG } from '@edu/shared/subjects';
import { AccessDenied } from '../../../ui/access-denied';
import { LoadError } from '../../../ui/load-error';
import { UnitContent } from '../../../ui/unit-content';
import { ScormDownloadButton } from '../../delivery';
import { subjectQuery, subjectUnitQuery } from '../api';
import { useRemoveUnit } from '../components/use-remove-unit';
import { useSubjectOwner } from '../components/use-subject-owner';

export default function SubjectUnitPage() {
  const me = useSubjectOwner();
  const params = useParams();
  const subjectId = Number(params.idSubject);
  const subjectItemId = Number(params.idSubjectItem);
  const valid = [subjectId, subjectItemId].every((n) => Number.isInteger(n) && n > 0);
  if (!me || me.owner.side !== 'seller' || !valid) return <AccessDenied title={SUBJECT_MSG.title} />;
  return <SubjectUnit subjectId={subjectId} subjectItemId={subjectItemId} canRemove={me.can.removeUnit} />;
}

function SubjectUnit({ subjectId, subjectItemId, canRemove }: { subjectId: number; subjectItemId: number; canRemove: boolean }) {
  const navigate = useNavigate();
  const subject = useQuery(subjectQuery('seller', subjectId));
  const unit = useQuery(subjectUnitQuery(subjectId, subjectItemId));
  const removeUnit = useRemoveUnit('seller', subjectId);

  async function remove() {
    if (!unit.data) return;
    if (await removeUnit({ subjectItemId, itemId: unit.data.itemId, title: unit.data.title })) void navigate(`/seller/subject/${subjectId}`);
  }

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/seller/manage-subjects">
          {SUBJECT_MSG.title}
        </Anchor>
        <Anchor component={Link} to={`/seller/subject/${subjectId}`}>
          {subject.data?.name ?? '…'}
        </Anchor>
        <Text>{unit.data?.title ?? '…'}</Text>
      </Breadcrumbs>
      {unit.isError ? (
        <LoadError error={unit.error} message={SUBJECT_MSG.loadFail} showReason onRetry={() => void unit.refetch()} retrying={unit.isFetching} />
      ) : !unit.data ? (
        <Skeleton height={400} radius="md" role="status" aria-label="Carregando unidade" />
      ) : (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={6}>
              <Title order={1} size="h2">{unit.data.title}</Title>
              <Group gap={6}>
                {unit.data.levelOfLearning.map((l) => (
                  <Badge key={l} variant="light">
                    {l}
                  </Badge>
                ))}
              </Group>
              {unit.data.questions && (
                <Anchor href={unit.data.questions} target="_blank" rel="noopener noreferrer" size="sm">
                  Banco de questões
                </Anchor>
              )}
            </Stack>
            <Group gap="xs">
              <ScormDownloadButton itemId={unit.data.itemId} subjectId={subjectId} />
              {canRemove && (
                <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void remove()}>
                  {SUBJECT_MSG.remove}
                </Button>
              )}
            </Group>
          </Group>
          <Card withBorder padding="md">
            <UnitContent unit={unit.data} />
          </Card>
        </>
      )}
    </Stack>
  );
}
