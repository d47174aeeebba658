import { Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { LoadError } from '../../../ui/load-error';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { studentsRange } from '@edu/shared/plans';
import { signupPlansQuery } from '../api';

/** The three plan tiers offered at institution sign-up, as radio cards, each 'De X a Y alunos' (spec 1 §2.4). */
export function PlanPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
}) {
  const plans = useQuery(signupPlansQuery);

  if (plans.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Carregando planos">
        <Text size="sm" fw={500}>
          Plano
        </Text>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={64} radius="md" />
        ))}
      </Stack>
    );
  }

  if (plans.isError) {
    return (
      <LoadError error={plans.error} title="Não foi possível carregar os planos" onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
    );
  }

  return (
    <Radio.Group
      name="plan"
      label="Plano"
      description="Escolha a faixa de alunos da sua instituição."
      value={value}
      onChange={onChange}
      error={error}
      required
    >
      <Stack gap="sm" mt="sm">
        {plans.data.map((plan) => (
          <Radio.Card key={plan.id} value={String(plan.id)} p="md" radius="md">
            <Group wrap="nowrap" gap="md">
              <Radio.Indicator />
              <div>
                <Text fw={600}>{studentsRange(plan.minRent, plan.maxRent)}</Text>
                <Text size="sm" c="dimmed">
                  {plan.name}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
