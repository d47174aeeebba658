/**
 * /dashboard/units/item/{id} (spec 2 §2.4): the read-only preview of a unit version, rendered by the one
 * `UnitContent` reader (cover, menu, pages, 'Anterior' / 'Próximo', answerable activities), with
 * 'Relatar Problema' on the cover. Whoever may read the unit may open it; the server answers others 404.
 */
import { Button, Card, Group, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { isStaff, type UserType } from '@edu/shared/access';
import { AUTHOR_TYPES } from '@edu/shared/units';
import { FEEDBACK_MSG } from '@edu/shared/feedback';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { LoadError } from '../../../ui/load-error';
import { typeAllowed } from '../../../ui/access-denied';
import { UnitContent } from '../../../ui/unit-content';
import { unitQuery } from '../../units';
import { ProblemReportButton } from '../components/problem-report-dialog';

export const UNIT_PREVIEW_TEXT = { loadFail: 'Ocorreu um erro', loading: 'Carregando unidade' } as const;

/** 'Relatar Problema' tells its outcome in the app's toasts. */
const REPORT_TOASTS = {
  reported: () => toastSuccess(FEEDBACK_MSG.reported),
  failed: () => toastError(FEEDBACK_MSG.reportFail, FEEDBACK_MSG.reportFailTitle),
};

/** Where 'Voltar' leads: the list this user reaches units from. */
function backTo(type: UserType): { to: string; label: string } {
  if (isStaff(type)) return { to: '/dashboard/units', label: 'Unidades' };
  if (typeAllowed(type, AUTHOR_TYPES)) return { to: '/dashboard/my-units', label: 'Minhas Unidades' };
  return { to: '/dashboard', label: 'Painel' };
}

export default function UnitPreviewPage() {
  const user = useSessionUser();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const unit = useQuery({ ...unitQuery(id), enabled: valid });
  if (!user) return null;
  const back = backTo(user.type);

  return (
    <Stack gap="lg">
      <Group>
        <Button component={Link} to={back.to} variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {back.label}
        </Button>
      </Group>
      {!valid || unit.isError ? (
        <LoadError error={unit.error} message={UNIT_PREVIEW_TEXT.loadFail} onRetry={() => void unit.refetch()} retrying={unit.isFetching} />
      ) : !unit.data ? (
        <Skeleton height={400} radius="md" role="status" aria-label={UNIT_PREVIEW_TEXT.loading} />
      ) : (
        <Card withBorder padding="md">
          <UnitContent unit={unit.data} titleLevel={1} actions={<ProblemReportButton unit={{ id: unit.data.id, title: unit.data.title }} notify={REPORT_TOASTS} />} />
        </Card>
      )}
    </Stack>
  );
}
