import { Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SERVICE_MSG, SERVICE_OWNER_TYPES, type ProviderService } from '@edu/shared/services';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { confirm } from '../../../ui/confirm';
import { LoadError } from '../../../ui/load-error';
import { filterServices, myServicesQuery, useDeleteService } from '../api';
import { ServiceCard } from '../components/service-card';
import { ServiceFormModal } from '../components/service-form-modal';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';

/** /dashboard/my-services, 'Meus Serviços' (spec 2 §2.13): the service provider's own services. */
export default function MyServicesPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, SERVICE_OWNER_TYPES)) return <AccessDenied title="Meus Serviços" />;
  return <MyServices providerId={user.provider?.id ?? null} />;
}

function MyServices({ providerId }: { providerId: number | null }) {
  const list = useQuery(myServicesQuery());
  const [search, setSearch] = useState('');
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<ProviderService | null>(null);

  function openNew() {
    setEditing(null);
    setFormOpen(true);
  }
  function openEdit(service: ProviderService) {
    setEditing(service);
    setFormOpen(true);
  }

  const deletion = useDeleteService({
    onSuccess: () => toastSuccess(SERVICE_MSG.deleted, SERVICE_MSG.successTitle),
    onError: () => toastError(SERVICE_MSG.deleteFail, SERVICE_MSG.errorTitle),
  });

  async function remove(service: ProviderService) {
    const ok = await confirm({ title: SERVICE_MSG.deleteConfirmTitle, message: SERVICE_MSG.deleteConfirm, confirmLabel: 'Excluir', danger: true });
    if (ok) deletion.mutate(service.id);
  }

  const services = list.data;
  const shown = services ? filterServices(services, search) : [];

  let body;
  if (list.isPending) {
    body = (
      <Center py="xl" role="status" aria-busy="true" aria-label="Carregando">
        <Loader />
      </Center>
    );
  } else if (list.isError) {
    body = <LoadError error={list.error} title="Não foi possível carregar os serviços" onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (services!.length === 0) {
    body = (
      <Card withBorder padding="xl">
        <Stack align="center" gap="sm">
          <Text c="dimmed">{SERVICE_MSG.empty}</Text>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={openNew}>
            Cadastrar o primeiro serviço
          </Button>
        </Stack>
      </Card>
    );
  } else if (shown.length === 0) {
    body = (
      <Card withBorder padding="xl">
        <Text c="dimmed" ta="center">
          {SERVICE_MSG.noMatch}
        </Text>
      </Card>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label="Serviços">
        {shown.map((service) => (
          <div role="listitem" key={service.id}>
            <ServiceCard service={service} onEdit={() => openEdit(service)} onDelete={() => void remove(service)} />
          </div>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">Meus Serviços</Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openNew}>
          Novo serviço
        </Button>
      </Group>

      <TextInput
        label="Buscar"
        placeholder="Buscar por título ou descrição"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        type="search"
        maw={420}
        disabled={!services || services.length === 0}
      />

      {body}

      <ServiceFormModal opened={formOpen} service={editing} providerId={providerId} onClose={() => setFormOpen(false)} />
    </Stack>
  );
}
