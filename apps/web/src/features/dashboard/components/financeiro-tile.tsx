/**
 * The institution's 'Financeiro' tile on its Painel: what it owes now, linking to the Financeiro screen. Overdue
 * charges come first (they lead to suspension past the late-payment limit); otherwise the open ones and the next due
 * date and amount; otherwise that nothing is owed.
 */
import { Card, Group, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { IconCash } from '@tabler/icons-react';
import { formatCents, formatDay } from '@edu/shared/format';
import { unpaidChargesQuery } from '../api';

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export function FinanceiroTile() {
  const overdue = useQuery(unpaidChargesQuery('overdue'));
  const open = useQuery(unpaidChargesQuery('open'));
  let summary: string | null = null;
  let detail = 'As cobranças da sua instituição, com o Pix para pagar e os recibos.';
  let alarm = false;
  if (overdue.data && open.data) {
    const next = [...open.data.data].sort((a, b) => a.dueOn.localeCompare(b.dueOn))[0];
    if (overdue.data.total > 0) {
      alarm = true;
      summary = plural(overdue.data.total, 'cobrança vencida', 'cobranças vencidas');
      detail = `Pague o quanto antes: mais de ${overdue.data.suspendAfterDays} dias de atraso suspendem o acesso da instituição.`;
    } else if (next) {
      summary = plural(open.data.total, 'cobrança em aberto', 'cobranças em aberto');
      detail = `Próximo vencimento: ${formatDay(next.dueOn)}, ${formatCents(next.amountCents)}.`;
    } else {
      summary = 'Nenhuma cobrança a pagar';
    }
  }
  const loading = !summary && !overdue.isError && !open.isError;
  return (
    <UnstyledButton component={Link} to="/dashboard/financeiro" aria-label={`Financeiro${summary ? `: ${summary}. ${detail}` : ''}`} data-testid="financeiro-tile">
      <Card withBorder padding="lg" h="100%" style={alarm ? { borderColor: 'var(--mantine-color-red-7)', borderWidth: 2 } : undefined}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" color={alarm ? 'red' : undefined}>
            <IconCash size={26} />
          </ThemeIcon>
          <Text fw={600}>Financeiro</Text>
        </Group>
        {loading ? (
          <Skeleton height={14} mt="md" width="70%" />
        ) : (
          summary && (
            <Text fw={600} mt="md" c={alarm ? 'red.9' : undefined}>
              {summary}
            </Text>
          )
        )}
        <Text size="sm" c="dimmed" mt={summary ? 0 : 'md'}>
          {detail}
        </Text>
      </Card>
    </UnstyledButton>
  );
}
