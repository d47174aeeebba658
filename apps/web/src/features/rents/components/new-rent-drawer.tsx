/**
 * 'Novo Aluguel' (spec 3 §2.12): the side panel 'Loja de Fornecedores'. Choose a plan, then one provider
 * (radio) among the approved catalogue providers with a price on that plan; the server takes the price from
 * the provider's table. Missing plan or provider: 'Verifique todos os campos!'.
 */
import { Avatar, Badge, Box, Center, Drawer, Group, Loader, Radio, ScrollArea, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatMonthly } from '@edu/shared/format';
import { MSG } from '@edu/shared/messages';
import { planLabel } from '@edu/shared/plans';
import { RENTABLE_PROVIDERS_PAGE_SIZE, RENTS_MSG, type RentableProvider } from '@edu/shared/rents';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { Pager } from '../../../ui/pager';
import { FormActions } from '../../../ui/form-actions';
import { plansSellerQuery, rentableProvidersQuery, useCreateRent } from '../api';
import { ConditionBadge } from '../../../ui/condition-badge';

export function NewRentDrawer({ sellerId, opened, onClose }: { sellerId: number; opened: boolean; onClose: () => void }) {
  const [planId, setPlanId] = useState<string | null>(null);
  const [providerId, setProviderId] = useState<string>('');
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), 500);
  const [page, setPage] = useState(1);
  const [errors, setErrors] = useState<{ planId?: string; providerId?: string }>({});

  const plans = useQuery({ ...plansSellerQuery(sellerId, null), enabled: opened });
  const providers = useQuery({ ...rentableProvidersQuery(sellerId, Number(planId), name, page), enabled: opened && !!planId });
  useEffect(() => setPage(1), [planId, name]);

  useEffect(() => {
    if (!opened) return;
    setPlanId(null);
    setProviderId('');
    setSearch('');
    setErrors({});
  }, [opened]);

  const create = useCreateRent({
    onSuccess: (res) => {
      toastSuccess(res.message);
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) toastError(err.message);
      else {
        if (err instanceof ApiError && err.fields) setErrors({ planId: err.fields.planId, providerId: err.fields.providerId });
        toastError(RENTS_MSG.checkFields);
      }
    },
  });

  function save() {
    const missing = { planId: planId ? undefined : MSG.required, providerId: providerId ? undefined : MSG.required };
    if (missing.planId || missing.providerId) {
      setErrors(missing);
      toastError(RENTS_MSG.checkFields);
      return;
    }
    create.mutate({ sellerId, planId: Number(planId), providerId: Number(providerId) });
  }

  const list = providers.data?.data;
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={<Text fw={700} size="lg">Loja de Fornecedores</Text>}>
      <Stack gap="md">
        <Select
          label="Plano"
          placeholder="Selecione um plano"
          data={(plans.data?.plans ?? []).map((p) => ({ value: String(p.id), label: planLabel(p) }))}
          value={planId}
          onChange={(v) => {
            setPlanId(v);
            setProviderId('');
            setErrors((e) => ({ ...e, planId: undefined }));
          }}
          error={errors.planId}
          required
          nothingFoundMessage={RENTS_MSG.emptyPanel}
          disabled={plans.isPending}
        />
        {planId && (
          <TextInput
            label="Buscar fornecedor"
            placeholder="Nome do fornecedor"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            type="search"
          />
        )}
        {planId && (
          <Radio.Group
            label="Fornecedor"
            value={providerId}
            onChange={(v) => {
              setProviderId(v);
              setErrors((e) => ({ ...e, providerId: undefined }));
            }}
            error={errors.providerId}
            required
          >
            {providers.isPending ? (
              <Center py="lg">
                <Loader size="sm" aria-label="Carregando fornecedores" />
              </Center>
            ) : providers.isError ? (
              <Text c="red" size="sm" py="md">
                {MSG.listLoadFail}
              </Text>
            ) : list && list.length === 0 ? (
              <Text c="dimmed" size="sm" py="md">
                {RENTS_MSG.emptyPanel}
              </Text>
            ) : (
              <ScrollArea.Autosize mah="55vh" mt="xs">
                <Stack gap="xs">
                  {list?.map((p) => <ProviderOption key={p.id} provider={p} />)}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Radio.Group>
        )}
        {planId && (providers.data?.total ?? 0) > RENTABLE_PROVIDERS_PAGE_SIZE && (
          <Pager value={page} total={Math.ceil((providers.data?.total ?? 0) / RENTABLE_PROVIDERS_PAGE_SIZE)} onChange={setPage} />
        )}
        <FormActions onCancel={onClose} onSave={save} saving={create.isPending} mt="md" />
      </Stack>
    </Drawer>
  );
}

function ProviderOption({ provider: p }: { provider: RentableProvider }) {
  return (
    <Radio.Card value={String(p.id)} disabled={p.rented} radius="md" p="sm" aria-label={p.companyName} style={p.rented ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}>
      <Group wrap="nowrap" align="center">
        <Radio.Indicator disabled={p.rented} />
        <Avatar src={p.imgLogoUrl} alt="" name={p.companyName} color="initials" radius="sm" />
        <Box style={{ flex: 1 }}>
          <Text fw={600} size="sm">
            {p.companyName}
          </Text>
          <Group gap="xs" mt={2}>
            <ConditionBadge size="sm" condition={p.condition} />
            <Text size="xs" c="dimmed">
              {p.units === 1 ? '1 unidade' : `${p.units} unidades`}
            </Text>
            <Text size="xs" c="dimmed">
              {formatMonthly(p.valueCents)}
            </Text>
          </Group>
        </Box>
        {p.rented && (
          <Badge size="sm" variant="outline" color="green">
            Alugado
          </Badge>
        )}
      </Group>
    </Radio.Card>
  );
}
