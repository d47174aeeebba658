import { Group, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingCommunity, IconSchool, IconTool, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PROFILE_TYPES, type ProfileType } from '@edu/shared/auth';

const DETAILS: Record<ProfileType, { description: string; icon: ReactNode }> = {
  'Profissional Liberal': {
    description: 'Professor, especialista ou consultor que produz conteúdo em nome próprio.',
    icon: <IconUser size={20} aria-hidden />,
  },
  'Instituição de Ensino': {
    description: 'Escola ou faculdade que produz e publica unidades de ensino.',
    icon: <IconSchool size={20} aria-hidden />,
  },
  Fornecedor: {
    description: 'Empresa que fornece conteúdos educacionais às instituições.',
    icon: <IconBuildingCommunity size={20} aria-hidden />,
  },
  'Fornecedor de Servico': {
    description: 'Empresa que presta serviços educacionais às instituições.',
    icon: <IconTool size={20} aria-hidden />,
  },
};

/** The four profile types of the provider sign-up as radio cards (arrow keys move between them). */
export function ProfileTypePicker({
  value,
  onChange,
  error,
}: {
  value: ProfileType | null;
  onChange: (value: ProfileType) => void;
  error?: ReactNode;
}) {
  return (
    <Radio.Group
      name="profile-type"
      label="Qual é o seu perfil?"
      description="Escolha o tipo de cadastro que melhor descreve você."
      value={value ?? ''}
      onChange={(next) => onChange(next as ProfileType)}
      error={error}
      required
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm" spacing="sm">
        {PROFILE_TYPES.map((type, index) => (
          <Radio.Card
            key={type}
            value={type}
            p="md"
            radius="md"
            aria-label={type}
            aria-describedby={`profile-type-description-${index}`}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={4}>
                <Group gap={8} wrap="nowrap">
                  <ThemeIcon variant="light" size="md" radius="xl">
                    {DETAILS[type].icon}
                  </ThemeIcon>
                  <Text fw={600}>{type}</Text>
                </Group>
                <Text size="sm" c="dimmed" id={`profile-type-description-${index}`}>
                  {DETAILS[type].description}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
