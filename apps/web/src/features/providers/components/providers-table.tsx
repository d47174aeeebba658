import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { LabeledValue } from '../../../ui/labeled-value';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { maskCnpj, maskCpf } from '@edu/shared/format';
import {
  isLiberal,
  isProviderInReview,
  providerStatusColor,
  providerStatusLabel,
  type ProviderCondition,
  type ProviderRow,
} from '@edu/shared/providers';
import { DataTable, type Column } from '../../../ui/data-table';

export function ProviderStatusChip({ status }: { status: string }) {
  return (
    <Badge color={providerStatusColor(status)} variant="light" radius="sm" tt="none" style={{ flexShrink: 0, overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
      {providerStatusLabel(status)}
    </Badge>
  );
}

interface Props {
  rows: ProviderRow[] | undefined;
  loading: boolean;
  page: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  selected: number[];
  onSelectedChange: (ids: number[]) => void;
  onStatus: (rows: ProviderRow[], status: 'active' | 'rejected') => void;
  onCondition: (row: ProviderRow, condition: ProviderCondition) => void;
  /** The provider whose condition is being saved. */
  savingCondition: number | null;
  busy: boolean;
}


/** Spec 3 §2.2: the expanded row shows the responsible person, the e-mail and the CPF or CNPJ. */
function ProviderDetails({ row }: { row: ProviderRow }) {
  const liberal = isLiberal(row.typePerson);
  const document = liberal ? row.cpf : row.cnpj;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} px="md" py="xs">
      <LabeledValue label="Responsável" value={row.name} />
      <LabeledValue label="E-mail" value={row.email} />
      <LabeledValue label={liberal ? 'CPF' : 'CNPJ'} value={document ? (liberal ? maskCpf(document) : maskCnpj(document)) : 'Não informado'} />
    </SimpleGrid>
  );
}

export function ProvidersTable(props: Props) {
  const columns: Column<ProviderRow>[] = [
    {
      key: 'company',
      header: 'Fornecedor',
      render: (row) => (
        <Text size="sm" fw={500}>
          {row.companyName}
        </Text>
      ),
    },
    { key: 'type', header: 'Tipo', render: (row) => <Text size="sm">{row.typePerson}</Text> },
    { key: 'email', header: 'E-mail', render: (row) => <Text size="sm">{row.email}</Text> },
    { key: 'status', header: 'Status', width: 110, render: (row) => <ProviderStatusChip status={row.status} /> },
    {
      key: 'premium',
      header: 'Premium',
      render: (row) => (
        <Switch
          aria-label={`Premium: ${row.companyName}`}
          checked={row.condition === 'premium'}
          disabled={props.savingCondition === row.id}
          onChange={(e) => props.onCondition(row, e.currentTarget.checked ? 'premium' : 'basic')}
          onClick={(e) => e.stopPropagation()}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Ações',
      render: (row) => (
        <Stack gap={4} align="flex-start">
          <Group gap={6} wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              color="green"
              leftSection={<IconCheck size={14} aria-hidden />}
              aria-label={`Aprovar ${row.companyName}`}
              disabled={row.status === 'active' || props.busy}
              onClick={() => props.onStatus([row], 'active')}
            >
              Aprovar
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconX size={14} aria-hidden />}
              aria-label={`Reprovar ${row.companyName}`}
              disabled={row.status === 'rejected' || props.busy}
              onClick={() => props.onStatus([row], 'rejected')}
            >
              Reprovar
            </Button>
          </Group>
          {!isProviderInReview(row.status) && (
            <Anchor component={Link} to={`/dashboard/providers/plan/${row.id}`} size="sm" aria-label={`Editar plano de ${row.companyName}`}>
              Editar plano
            </Anchor>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <DataTable
      label="Fornecedores"
      minWidth={1100}
      columns={columns}
      rows={props.rows}
      rowKey={(row) => row.id}
      loading={props.loading}
      emptyText="Nenhum item encontrado."
      page={props.page}
      total={props.total}
      pageSize={props.pageSize}
      onPageChange={props.onPageChange}
      selected={props.selected}
      onSelectedChange={(keys) => props.onSelectedChange(keys.map(Number))}
      renderExpanded={(row) => <ProviderDetails row={row} />}
    />
  );
}
