import { Anchor, Tabs, Text } from '@mantine/core';
import { IconBuildingStore, IconSchool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

export type SignupKind = 'provider' | 'institution';

const PATHS: Record<SignupKind, string> = { provider: '/signup', institution: '/signup/seller' };

/**
 * The two sign-ups side by side (spec 1 §2.1): 'Fornecedor' → /signup, 'Instituição' → /signup/seller.
 * Each tab is a route; the active page is rendered inside the active tab's panel. Arrow keys move the
 * focus between the tabs and Enter or Space opens one, so a half-filled form is not left by accident.
 */
export function SignupTabs({ active, children }: { active: SignupKind; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value && value !== active) navigate(PATHS[value as SignupKind]);
      }}
      activateTabWithKeyboard={false}
      keepMounted={false}
    >
      <Tabs.List grow mb="lg" aria-label="Tipo de cadastro">
        <Tabs.Tab value="provider" leftSection={<IconBuildingStore size={18} aria-hidden />}>
          Fornecedor
        </Tabs.Tab>
        <Tabs.Tab value="institution" leftSection={<IconSchool size={18} aria-hidden />}>
          Instituição
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="provider">{active === 'provider' ? children : null}</Tabs.Panel>
      <Tabs.Panel value="institution">{active === 'institution' ? children : null}</Tabs.Panel>
      <Text size="sm" ta="center" mt="md">
        Já tem conta?{' '}
        <Anchor component={Link} to="/">
          Fazer login
        </Anchor>
      </Text>
    </Tabs>
  );
}
