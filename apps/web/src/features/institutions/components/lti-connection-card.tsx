/**
 * One LTI connection in 'Gerenciar Conexão LTI' (spec 3 §2.11): the values the LMS admin pastes into
 * Moodle, Canvas or D2L (each with a copy button, docs/lms.md walks through where each one goes), the deployments the
 * tool accepts ('Adicionar' for another, 'Remover' beside each), the platform endpoints the server derived, 'Testar conexão' (the server
 * asks the LMS for its public keys) and 'Deletar'.
 */
import { ActionIcon, Alert, Badge, Button, Card, CopyButton, Divider, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { MSG } from '@edu/shared/messages';
import { LTI_MSG, LTI_PLATFORM_LABELS, ltiDeploymentId, type LtiConnectionView, type LtiTestReply } from '@edu/shared/lti';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { confirm } from '../../../ui/confirm';
import { useAddLtiDeployment, useDeleteLtiConnection, useRemoveLtiDeployment, useTestLtiConnection } from '../api';

function Value({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="xs" c="dimmed" w={170} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </Group>
  );
}

/** A value to paste into the LMS, with its copy button. */
function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="center" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" w={170} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }} flex={1}>
        {value}
      </Text>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copiado!' : 'Copiar'} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`Copiar ${label}`}>
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** The tool's values to paste into the LMS (the same for every connection), each with its copy button. */
/** The question before a connection is deleted, from its card or from the 'Deletar Conexão' form. */
export const confirmLtiDelete = (c: { clientId: string; url: string }) =>
  confirm({
    title: 'Deletar esta conexão LTI?',
    message: `ClientId ${c.clientId} em ${c.url}. A conexão deixa de valer, mas continua registrada no histórico.`,
    confirmLabel: 'Deletar',
    danger: true,
  });

export function ToolValues({ tool }: { tool: LtiConnectionView['tool'] }) {
  return (
    <>
      <Copyable label="URL da ferramenta" value={tool.toolUrl} />
      <Copyable label="URL de início de login" value={tool.loginUrl} />
      <Copyable label="URI de redirecionamento" value={tool.redirectUris.join('\n')} />
      <Copyable label="URL das chaves (JWKS)" value={tool.jwksUrl} />
      <Copyable label="URL de deep linking" value={tool.deepLinkingUrl} />
      <Copyable label="Domínio" value={tool.domain} />
    </>
  );
}

export function LtiConnectionCard({ sellerId, connection: c }: { sellerId: number; connection: LtiConnectionView }) {
  const [result, setResult] = useState<LtiTestReply | null>(null);
  const remove = useDeleteLtiConnection(sellerId, {
    onSuccess: (res) => toastSuccess(res.message),
    onError: (err) => toastError(err instanceof ApiError && err.status === 404 ? err.message : MSG.generic),
  });
  const test = useTestLtiConnection(sellerId, c.id, {
    onSuccess: (res) => setResult(res),
    onError: (err) => toastError(err instanceof ApiError ? err.message : MSG.generic),
  });
  const title = c.name || `${LTI_PLATFORM_LABELS[c.platform]} ${c.clientId}`;
  return (
    <Card withBorder padding="sm" role="listitem" aria-label={title}>
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Group gap="xs" miw={0}>
          <Text fw={600} size="sm" truncate>
            {title}
          </Text>
          <Badge variant="light" tt="none">
            {LTI_PLATFORM_LABELS[c.platform]}
          </Badge>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" variant="light" loading={test.isPending} onClick={() => test.mutate()} aria-label={`Testar conexão ${title}`}>
            Testar conexão
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            aria-label={`Deletar a conexão ${title}`}
            onClick={async () => {
              if (await confirmLtiDelete(c)) remove.mutate({ clientId: c.clientId, url: c.url });
            }}
          >
            Deletar
          </Button>
        </Group>
      </Group>
      {result && (
        <Alert color={result.ok ? 'green' : 'red'} variant="light" mb="xs" role="status" withCloseButton onClose={() => setResult(null)} closeButtonLabel="Fechar">
          {result.message}
        </Alert>
      )}
      <Stack gap={2}>
        <Text size="xs" fw={600} mt={4}>
          Para colar no LMS
        </Text>
        <ToolValues tool={c.tool} />
        <Divider my={6} />
        <Text size="xs" fw={600}>
          Dados do LMS
        </Text>
        <Value label="ClientId" value={c.clientId} />
        <Value label="URL" value={c.url} />
        <Value label="Plataforma (issuer)" value={c.platformUrl} />
        <Value label="Autenticação" value={c.authenticationEndpoint} />
        <Value label="Token de acesso" value={c.accesstokenEndpoint} />
        <Value label="Chaves (JWK_SET)" value={c.authConfig.key} />
        <Divider my={6} />
        <Deployments sellerId={sellerId} connection={c} />
      </Stack>
    </Card>
  );
}

function Deployments({ sellerId, connection: c }: { sellerId: number; connection: LtiConnectionView }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddLtiDeployment(sellerId, c.id, {
    onSuccess: (res) => {
      toastSuccess(res.message);
      setValue('');
    },
    onError: (err) => setError(err instanceof ApiError ? (err.fields.deploymentId ?? err.message) : MSG.generic),
  });
  const remove = useRemoveLtiDeployment(sellerId, c.id, {
    onSuccess: (res) => toastSuccess(res.message),
    onError: (err) => toastError(err instanceof ApiError ? err.message : MSG.generic),
  });
  async function askRemove(deploymentId: string) {
    const ok = await confirm({ title: 'Remover Deployment ID', message: LTI_MSG.deploymentRemoveConfirm(deploymentId), confirmLabel: 'Remover', danger: true });
    if (ok) remove.mutate(deploymentId);
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    const parsed = ltiDeploymentId().safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.invalidValue);
    setError(null);
    add.mutate(parsed.data);
  }
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600}>
        Deployment IDs aceitos
      </Text>
      {c.deployments.length === 0 ? (
        <Text size="xs" c="dimmed">
          Nenhum ainda: o primeiro acesso pelo LMS registra o deployment e, depois dele, só os cadastrados são aceitos.
        </Text>
      ) : (
        <Group gap={4}>
          {c.deployments.map((d) => (
            <Badge
              key={d.deploymentId}
              variant="outline"
              tt="none"
              title={d.source === 'admin' ? 'Cadastrado pelo administrador' : 'Registrado no primeiro acesso'}
              rightSection={
                <ActionIcon size="xs" variant="transparent" color="gray" aria-label={`Remover Deployment ID ${d.deploymentId}`} loading={remove.isPending && remove.variables === d.deploymentId} onClick={() => void askRemove(d.deploymentId)}>
                  <IconX size={12} />
                </ActionIcon>
              }
            >
              {d.deploymentId}
            </Badge>
          ))}
        </Group>
      )}
      <form onSubmit={submit} noValidate aria-label={`Adicionar Deployment ID a ${c.name || c.clientId}`}>
        <Group gap="xs" align="flex-start">
          <TextInput size="xs" placeholder="Deployment ID" aria-label="Deployment ID" value={value} error={error} onChange={(e) => setValue(e.currentTarget.value)} autoComplete="off" />
          <Button size="xs" variant="default" type="submit" loading={add.isPending}>
            Adicionar
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
