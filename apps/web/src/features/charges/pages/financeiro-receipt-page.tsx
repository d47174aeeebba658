/**
 * The receipt of a paid charge (/dashboard/financeiro/recibo/:id): a page to print ('Imprimir' opens the browser's
 * print dialog, where it can also be saved as PDF). It names the platform, the institution, the charge's code (the Pix
 * txid), the month, each rent with its provider, plan and amount, the total, the day paid and the payment's reference.
 * An unpaid charge has no receipt yet.
 */
import { Alert, Anchor, Button, Card, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { SELLER_TYPES } from '@edu/shared/access';
import type { ChargeRow } from '@edu/shared/charges';
import { formatCents, formatDateTime, formatDay, formatMonthYear } from '@edu/shared/format';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { Brand } from '../../../ui/brand';
import { LoadError } from '../../../ui/load-error';
import { PageLoader } from '../../../ui/page-loader';
import { sellerChargeQuery } from '../seller-api';
import classes from './financeiro-receipt.module.css';

const TITLE = 'Recibo';
const PLATFORM_NAME = 'Saber Compartilhado';

export default function ReceiptPage() {
  const user = useSessionUser();
  const id = Number(useParams().id);
  if (!user) return null;
  if (!typeAllowed(user.type, SELLER_TYPES)) return <AccessDenied title={TITLE} />;
  return <Receipt id={id} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to="/dashboard/financeiro" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        Voltar ao Financeiro
      </Group>
    </Anchor>
  );
}

function Receipt({ id }: { id: number }) {
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...sellerChargeQuery(id), enabled: valid });
  if (!valid || query.isError) {
    return (
      <Stack>
        <Title order={1} size="h2">{TITLE}</Title>
        <LoadError error={valid ? query.error : null} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        <BackLink />
      </Stack>
    );
  }
  if (!query.data) return <PageLoader />;
  const { charge } = query.data;
  if (charge.status !== 'paid') {
    return (
      <Stack>
        <Title order={1} size="h2">{TITLE}</Title>
        <Alert color="yellow" title="Recibo indisponível">
          O recibo fica disponível quando o pagamento desta cobrança for confirmado pela equipe da plataforma.
        </Alert>
        <BackLink />
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-receipt>
      <Group justify="space-between" className={classes.noPrint} wrap="wrap">
        <BackLink />
        <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          Imprimir
        </Button>
      </Group>
      <ReceiptSheet charge={charge} />
    </Stack>
  );
}

/** The printed receipt itself. */
function ReceiptSheet({ charge }: { charge: ChargeRow }) {
  return (
    <Card withBorder padding="xl" className={classes.receipt} component="article" aria-labelledby="recibo-titulo">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Brand size="sm" />
          <Text size="sm" c="dimmed">Recibo nº {charge.code}</Text>
        </Group>
        <Title order={1} size="h2" id="recibo-titulo">Recibo de pagamento</Title>
        <Text>
          {PLATFORM_NAME} recebeu de <strong>{charge.sellerName}</strong> a quantia de <strong>{formatCents(charge.amountCents)}</strong>,
          referente aos aluguéis de conteúdo do mês de {formatMonthYear(charge.period)}.
        </Text>
        <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}>
          <Fact term="Instituição" value={charge.sellerName} />
          <Fact term="Cobrança" value={charge.code} />
          <Fact term="Período" value={formatMonthYear(charge.period)} />
          <Fact term="Vencimento" value={formatDay(charge.dueOn)} />
          <Fact term="Pago em" value={charge.paidOn ? formatDay(charge.paidOn) : '—'} />
          <Fact term="Referência do pagamento" value={charge.paidReference ?? '—'} />
        </dl>
        <Table withTableBorder withColumnBorders aria-label="Aluguéis cobrados">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fornecedor</Table.Th>
              <Table.Th>Plano</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Valor</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {charge.rents.map((r) => (
              <Table.Tr key={r.rentId}>
                <Table.Td>{r.companyName}</Table.Td>
                <Table.Td>{r.planName}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{formatCents(r.amountCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={2}>Total</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{formatCents(charge.amountCents)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
        <Divider />
        <Text size="xs" c="dimmed">
          Pagamento confirmado pela {PLATFORM_NAME}
          {charge.paidAt ? ` em ${formatDateTime(charge.paidAt)}` : ''}. Este recibo vale como comprovante de quitação da
          cobrança acima.
        </Text>
      </Stack>
    </Card>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <Text component="dt" size="sm" c="dimmed">{term}</Text>
      {/* A 32-character Pix reference (E2E id) breaks anywhere rather than overflow a 390 px receipt. */}
      <Text component="dd" size="sm" m={0} fw={500} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{value}</Text>
    </>
  );
}
