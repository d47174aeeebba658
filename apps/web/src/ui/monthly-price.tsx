/** A monthly price with its '/mês' in a lighter type (the store's cards, header and cart); plain text uses `formatMonthly`. */
import { Text } from '@mantine/core';
import { formatCents, PER_MONTH } from '@edu/shared/format';

export function MonthlyPrice({ cents, testId }: { cents: number; testId?: string }) {
  return (
    <Text fw={700} data-testid={testId}>
      {formatCents(cents)}
      <Text span size="sm" c="dimmed" fw={400}>
        {PER_MONTH}
      </Text>
    </Text>
  );
}
