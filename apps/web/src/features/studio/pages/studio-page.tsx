/**
 * /studio (new unit) and /studio/{id} (edit a unit) — spec 2 §2.8. Only authors (provider and editor
 * users) use the studio. The unit is always loaded fresh; local drafts are cleared on entering and on
 * leaving (the studio keeps none of its own: a reload starts from the last saved version).
 */
import { Alert, Button, Center, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { UserType } from '@edu/shared/access';
import { AUTHOR_TYPES, type UnitContent } from '@edu/shared/units';
import { ApiError } from '../../../lib/api';
import { WithQuery } from '../../../lib/query';
import { useSessionUser } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { LoadError } from '../../../ui/load-error';
import { PageLoader } from '../../../ui/page-loader';
import { unitQuery } from '../api';
import { StudioEditor } from '../components/studio-editor';
import { STUDIO_MSG } from '../messages';
import { clearLocalDrafts } from '../model';

export default function StudioPage() {
  // The studio is outside the signed-in shell: it brings its own query client and modals provider.
  return (
    <WithQuery>
      <StudioGate />
    </WithQuery>
  );
}

function StudioGate() {
  const user = useSessionUser();
  const { id } = useParams();

  useEffect(() => {
    clearLocalDrafts();
    return clearLocalDrafts;
  }, []);

  if (!user) return null;
  if (!(AUTHOR_TYPES as readonly UserType[]).includes(user.type)) {
    return (
      <Center h="100dvh" p="md">
        <Alert color="red" title="Acesso negado" maw={480}>
          <Stack gap="sm" align="flex-start">
            {STUDIO_MSG.accessDenied}
            <Button component={Link} to="/dashboard" variant="light" color="red" size="compact-sm">
              Voltar ao painel
            </Button>
          </Stack>
        </Alert>
      </Center>
    );
  }
  return <Studio routeId={id} providerId={user.provider?.id ?? null} />;
}

function Studio({ routeId, providerId }: { routeId: string | undefined; providerId: number | null }) {
  const navigate = useNavigate();
  // The unit this studio created: moving to its address keeps the editor as it is.
  const [created, setCreated] = useState<UnitContent | null>(null);
  const ownRoute = created !== null && routeId === String(created.id);
  const id = routeId === undefined || ownRoute ? null : /^\d+$/.test(routeId) ? Number(routeId) : NaN;

  const onCreated = (unit: UnitContent) => {
    setCreated(unit);
    navigate(`/studio/${unit.id}`, { replace: true });
  };

  if (id === null) return <StudioEditor key="new" providerId={providerId} initial={null} onCreated={onCreated} />;
  return <LoadedStudio key={id} id={id} providerId={providerId} />;
}

function LoadedStudio({ id, providerId }: { id: number; providerId: number | null }) {
  const valid = Number.isInteger(id) && id > 0;
  const unit = useQuery({ ...unitQuery(valid ? id : 0), enabled: valid });
  const toasted = useRef(false);

  useEffect(() => {
    if ((unit.isError || !valid) && !toasted.current) {
      toasted.current = true;
      toastError(STUDIO_MSG.loadFail, STUDIO_MSG.errorTitle);
    }
  }, [unit.isError, valid]);

  if (!valid || unit.isError) {
    const message = unit.error instanceof ApiError && unit.error.status === 404 ? unit.error.message : STUDIO_MSG.loadFail;
    return (
      <Center h="100dvh" p="md">
        <Stack maw={480} w="100%">
          <LoadError error={unit.error} title="Não foi possível abrir a unidade" message={message} onRetry={() => void unit.refetch()} retrying={unit.isFetching} />
          <Button component={Link} to="/dashboard/my-units" variant="default">
            Voltar para Minhas Unidades
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!unit.data) return <PageLoader />;
  // Not a 'new' editor: the unit exists (onCreated is never called for it).
  return <StudioEditor providerId={providerId} initial={unit.data} onCreated={() => undefined} />;
}
