/**
 * One unpaid charge as the institution pays it: what it covers, its amount and due date, the late-payment rule when it
 * is overdue, and the Pix copia e cola with its QR code (or, when the platform has no Pix configured, what to do).
 */
import { Alert, Box, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ChargeRow, PixState } from '@edu/shared/charges';
import { formatCents, formatDay, formatMonthYear } from '@edu/shared/format';
import { LabeledValue } from '../../../ui/labeled-value';
import { ChargeStatusBadge } from '../charge-status-badge';
import { overdueText } from './overdue-text';
import { PixCopy } from './pix-copy';
import { PixQr } from './pix-qr';

export const qrLabel = (charge: Pick<ChargeRow, 'code' | 'period'>) => `QR Code Pix da cobrança ${charge.code} (${formatMonthYear(charge.period)})`;

export function ChargeToPay({
  charge,
  pix,
  suspendAfterDays,
  headingOrder = 3,
}: {
  charge: ChargeRow;
  pix: PixState | undefined;
  /** The configured late-payment rule (the list's `suspendAfterDays`). */
  suspendAfterDays: number;
  headingOrder?: 2 | 3;
}) {
  const overdue = charge.status === 'overdue';
  const title = `Cobrança de ${formatMonthYear(charge.period)}`;
  return (
    <Card withBorder padding="md" component="article" aria-label={title} style={overdue ? { borderColor: 'var(--mantine-color-red-6)', borderWidth: 2 } : undefined}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={headingOrder} size="h4">{title}</Title>
          <ChargeStatusBadge status={charge.status} />
        </Group>
        <Group gap="xl" wrap="wrap">
          <LabeledValue label="Valor" value={formatCents(charge.amountCents)} />
          <LabeledValue label="Vencimento" value={formatDay(charge.dueOn)} />
          <LabeledValue label="Código da cobrança" value={charge.code} />
        </Group>
        {charge.rents.length > 0 && (
          <Box>
            <Text size="sm" fw={500}>Aluguéis</Text>
            <List size="sm" spacing={2}>
              {charge.rents.map((r) => (
                <List.Item key={r.rentId}>
                  {r.companyName} — {r.planName}: {formatCents(r.amountCents)}
                </List.Item>
              ))}
            </List>
          </Box>
        )}
        {overdue && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Pagamento em atraso">
            {overdueText(charge.dueOn, suspendAfterDays)}
          </Alert>
        )}
        {charge.pixCopiaECola ? (
          <Group align="flex-start" gap="lg" wrap="wrap">
            <PixQr code={charge.pixCopiaECola} label={qrLabel(charge)} />
            <Box style={{ flex: '1 1 240px', minWidth: 0 }}>
              <PixCopy code={charge.pixCopiaECola} />
              <Text size="xs" c="dimmed" mt="xs">
                Pague no aplicativo do seu banco lendo o QR Code ou colando o código. A confirmação do pagamento é feita pela
                equipe da plataforma.
              </Text>
            </Box>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">{pix?.message ?? 'O código Pix desta cobrança não está disponível.'}</Text>
        )}
      </Stack>
    </Card>
  );
}
