import { Button, Card, Group, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconKey, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '@edu/shared/messages';
import { useRequestLmsKey } from '../api';
import { useSessionUser } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { confirm } from '../../../ui/confirm';

/**
 * /dashboard/settings, 'Configurações' (spec 1 §2.7). The 'Chave LMS' section, for users linked to an
 * institution: a new key is generated and e-mailed with instructions (POST /sellers/request/lms/key); the
 * key is shown on screen only on /lms-key.
 */
export default function SettingsPage() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">Configurações</Title>
      {user.seller ? <LmsKeySection sellerId={user.seller.id} canGenerate={user.type === 'seller'} /> : <Text c="dimmed">Não há configurações disponíveis para o seu perfil.</Text>}
    </Stack>
  );
}

function LmsKeySection({ sellerId, canGenerate }: { sellerId: number; canGenerate: boolean }) {
  const [sent, setSent] = useState(false);
  const request = useRequestLmsKey(sellerId, {
    onSuccess: () => setSent(true),
    onError: () => toastError(MSG.profileFail, MSG.profileFailTitle),
  });

  async function generate() {
    const ok = await confirm({ title: MSG.lmsKeyConfirmTitle, message: MSG.lmsKeyConfirm, confirmLabel: 'Gerar chave LMS', danger: true });
    if (ok) request.mutate();
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="lms-key-title" maw={720}>
      <Group gap="sm" mb="xs">
        <ThemeIcon variant="light" size="lg" aria-hidden>
          <IconKey size={20} />
        </ThemeIcon>
        <Title order={2} fz="h4" id="lms-key-title">
          Chave LMS
        </Title>
      </Group>
      <Stack gap="sm">
        <Text size="sm">
          A chave LMS integra o LMS da sua instituição à plataforma. Ao gerar uma nova chave, a anterior é cancelada e os itens
          vinculados a ela são desvinculados. A nova chave é enviada por e-mail, com as instruções de uso.
        </Text>
        {canGenerate ? (
          <Group>
            <Button leftSection={<IconKey size={18} />} onClick={generate} loading={request.isPending}>
              Gerar chave LMS
            </Button>
            <Button component={Link} to="/docs/lms/key_generator" variant="subtle">
              Ver tutorial
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {MSG.lmsKeyAdminOnly}
          </Text>
        )}
      </Stack>
      <Modal opened={sent} onClose={() => setSent(false)} title={MSG.lmsKeyEmailSentTitle} centered>
        <Stack>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon color="teal" variant="light" size="lg" aria-hidden>
              <IconMailCheck size={20} />
            </ThemeIcon>
            <Text>{MSG.lmsKeyEmailSent}</Text>
          </Group>
          <Group justify="flex-end">
            <Button onClick={() => setSent(false)}>Entendi</Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
