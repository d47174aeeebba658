import { Avatar, Button, Group, Modal, Stack, Text, UnstyledButton, Tooltip, ActionIcon } from '@mantine/core';
import { PolicyLinks } from '../../ui/policy-links';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, Link } from 'react-router';
import { IconHeadset, IconFileText, IconLogout } from '@tabler/icons-react';
import { LIMITS } from '@edu/shared/limits';
import type { SessionUser } from '@edu/shared/auth';
import { publicConfigQuery } from '../../lib/public-config';
import { signOut as endSession } from '../../features/auth';
import { PHONE_QUERY } from '../../lib/phone';
import { session } from '../../lib/session';
import { NotificationBell } from '../../features/notifications';

export const DEFAULT_AVATAR = '/avatar-default.svg';

function usePublicConfig() {
  return useQuery(publicConfigQuery());
}

export function TopBar({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const wide = useMediaQuery(`(min-width: ${LIMITS.wideBreakpointPx}px)`);
  const phone = useMediaQuery(PHONE_QUERY);
  const [supportOpen, support] = useDisclosure(false);
  const [termsOpen, terms] = useDisclosure(false);
  const config = usePublicConfig();
  const firstName = user.name.split(' ')[0];

  async function signOut() {
    try {
      await endSession();
    } catch {
      // The session is cleared locally whatever the server answers.
    }
    session.clear();
    navigate('/', { replace: true });
  }

  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label="Atendimento">
        <ActionIcon variant="subtle" size="lg" aria-label="Atendimento" onClick={support.open}>
          <IconHeadset size={22} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Termos e políticas">
        <ActionIcon variant="subtle" size="lg" aria-label="Termos e políticas" onClick={terms.open}>
          <IconFileText size={22} />
        </ActionIcon>
      </Tooltip>
      <NotificationBell />
      {/* The name begins with the greeting it shows (WCAG 2.5.3, label in name): 'Olá, Ana: abrir meu perfil'. */}
      <UnstyledButton component={Link} to="/dashboard/profile" aria-label={wide ? `Olá, ${firstName}: abrir meu perfil` : 'Abrir meu perfil'}>
        <Group gap="xs" wrap="nowrap">
          {wide && (
            <Text size="sm" fw={500}>
              Olá, {firstName}
            </Text>
          )}
          <Avatar src={user.avatar || DEFAULT_AVATAR} alt={user.name} radius="xl" size="md" />
        </Group>
      </UnstyledButton>
      {/* 'Sair' in words from the xs breakpoint; on phones the icon alone (named, with a tooltip like its neighbours). */}
      <Tooltip label="Sair" disabled={!phone}>
        <Button variant="subtle" color="gray" px="xs" leftSection={<IconLogout size={18} aria-hidden />} onClick={signOut} aria-label="Sair" styles={{ section: { marginInlineEnd: 0 } }}>
          <Text span inherit visibleFrom="xs" ml={6}>
            Sair
          </Text>
        </Button>
      </Tooltip>

      <Modal opened={supportOpen} onClose={support.close} title="Atendimento" centered>
        <Stack>
          <Text>Precisa de ajuda? Fale com a nossa equipe pelo formulário de atendimento ou pela mensagem direta.</Text>
          <Button component="a" href={config.data?.supportFormUrl} target="_blank" rel="noopener noreferrer">
            Abrir formulário de atendimento
          </Button>
          <Button component="a" variant="light" href={config.data?.supportChatUrl} target="_blank" rel="noopener noreferrer">
            Enviar mensagem
          </Button>
        </Stack>
      </Modal>
      <Modal opened={termsOpen} onClose={terms.close} title="Termos e políticas" centered>
        <Stack>
          <Text>Consulte os documentos que regem o uso da plataforma.</Text>
          <PolicyLinks privacyPolicyUrl={config.data?.privacyPolicyUrl} termsOfUseUrl={config.data?.termsOfUseUrl} />
        </Stack>
      </Modal>
    </Group>
  );
}
