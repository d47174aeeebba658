import { Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { LoadError } from '../../../ui/load-error';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { signupPlansQuery } from '../api';

const count = new Intl.NumberFormat('pt-BR');

/** 'De X a Y alunos' (spec 1 §2.4). */
export const studentRange = (min: number, max: number) => `De ${count.format(min)} a ${count.format(max)} alunos`;


/** The three plan tiers offered at institution sign-up, as radio cards. */
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
      <Stack gap="sm" aria-busy="true" aria-label="Carregando planos">
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
                <Text fw={600}>{studentRange(plan.minRent, plan.maxRent)}</Text>
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
