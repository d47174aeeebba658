import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { MSG } from '@edu/shared/messages';

/** The generated key, shown once (spec 1 §2.7: 'Chave LMS foi gerada!'). */
export function LmsKeyDialog({ lmsKey, onClose }: { lmsKey: string | null; onClose: () => void }) {
  return (
    <Modal opened={lmsKey !== null} onClose={onClose} title={MSG.lmsKeyGeneratedTitle} centered size="lg">
      <Stack>
        <Text>Esta é a nova chave LMS da sua instituição. Copie e guarde a chave em local seguro: ela é mostrada somente agora.</Text>
        <TextInput label="Chave LMS" value={lmsKey ?? ''} readOnly onFocus={(e) => e.currentTarget.select()} styles={{ input: { fontFamily: 'monospace' } }} />
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden />}>
          A chave anterior foi cancelada e os itens vinculados a ela foram desvinculados. Informe a nova chave no seu LMS.
        </Alert>
        <Group justify="flex-end">
          <CopyButton value={lmsKey ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'teal' : 'blue'} leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />} onClick={copy}>
                {copied ? 'Chave copiada!' : 'Copiar chave'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Fechar</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
