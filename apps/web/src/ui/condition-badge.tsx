/** The one Premium / Basic badge of a provider (spec 3 §2.3, §2.12): the store's cards and header, the cart, the 'Novo Aluguel' panel. */
import { Badge, type MantineSize } from '@mantine/core';
import type { ProviderCondition } from '@edu/shared/providers';
import { STORE_MSG } from '@edu/shared/store';

export function ConditionBadge({ condition, size }: { condition: ProviderCondition; size?: MantineSize }) {
  return condition === 'premium' ? (
    <Badge color="yellow" variant="light" size={size}>
      {STORE_MSG.premium}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" size={size}>
      {STORE_MSG.basic}
    </Badge>
  );
}
