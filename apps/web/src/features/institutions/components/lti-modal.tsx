/**
 * 'Gerenciar Conexão LTI' (spec 3 §2.11, §5): 'Adicionar Conexão' (platform, name, ClientId, platform URL, and the
 * optional Deployment ID) and 'Deletar Conexão' (ClientId and URL), with the institution's live
 * connections listed below (lti-connection-card.tsx): the values to paste into the LMS, the endpoints the server
 * derived, the deployments, 'Testar conexão'.
 */
import { Alert, Button, Card, Group, List, Loader, Modal, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, type UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { MSG } from '@edu/shared/messages';
import type { InstitutionRow } from '@edu/shared/institutions';
import { LTI_PLATFORMS, LTI_PLATFORM_LABELS, ltiAddBody, ltiDeleteBody, type LtiPlatform } from '@edu/shared/lti';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, readyToSend } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { LoadError } from '../../../ui/load-error';
import { ltiConnectionsQuery, useAddLtiConnection, useDeleteLtiConnection, type Reactions } from '../api';
import { confirmLtiDelete, LtiConnectionCard, ToolValues } from './lti-connection-card';

type Mode = 'add' | 'delete';

export function LtiModal({ institution, onClose }: { institution: InstitutionRow | null; onClose: () => void }) {
  return (
    <Modal opened={!!institution} onClose={onClose} title="Gerenciar Conexão LTI" size="xl" centered>
      {institution && <LtiManager key={institution.id} institution={institution} />}
    </Modal>
  );
}

function LtiManager({ institution }: { institution: InstitutionRow }) {
  const [mode, setMode] = useState<Mode>('add');
  const list = useQuery(ltiConnectionsQuery(institution.id));
  return (
    <Stack>
      <Text size="sm">
        Instituição: <strong>{institution.name}</strong>
      </Text>
      <SegmentedControl
        aria-label="Ação"
        value={mode}
        onChange={(v) => setMode(v as Mode)}
        data={[
          { value: 'add', label: 'Adicionar Conexão' },
          { value: 'delete', label: 'Deletar Conexão' },
        ]}
        fullWidth
      />
      {mode === 'add' && list.data && (
        <Card withBorder padding="sm" bg="gray.0" component="section" aria-label="Dados da ferramenta para o LMS">
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Dados da ferramenta para o LMS
            </Text>
            <Text size="xs" c="dimmed">
              Cadastre a ferramenta LTI 1.3 no LMS com estes valores; o LMS informa o ClientId (e o Deployment ID) para a conexão abaixo. Onde cadastrar:
            </Text>
            <List size="xs" c="dimmed" mb={4} aria-label="Onde cadastrar a ferramenta em cada LMS">
              <List.Item>Moodle: Administração do site → Plugins → Módulos de atividade → Ferramenta externa → Gerenciar ferramentas.</List.Item>
              <List.Item>Canvas: Admin → Developer Keys → + Developer Key → + LTI Key.</List.Item>
              <List.Item>D2L Brightspace: Admin Tools → Manage Extensibility → LTI Advantage → Register Tool.</List.Item>
            </List>
            <ToolValues tool={list.data.tool} />
          </Stack>
        </Card>
      )}
      {mode === 'add' ? <AddForm sellerId={institution.id} /> : <DeleteForm sellerId={institution.id} />}
      <Title order={3} size="h4" mt="sm">
        Conexões cadastradas
      </Title>
      {list.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label="Carregando conexões" />
        </Group>
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhuma conexão cadastrada.
        </Text>
      ) : (
        <Stack gap="sm" aria-label="Conexões cadastradas" role="list">
          {list.data.data.map((c) => (
            <LtiConnectionCard key={c.id} sellerId={institution.id} connection={c} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The add and delete forms alike: the body is checked by the shared schema before it is sent; the server's field
 * messages go under the fields; its refusal (`refusal`: 409 a duplicate on add, 404 an unknown connection on
 * delete) is named in the toast; success empties the form and reloads the list.
 */
function useLtiForm<V extends Record<string, unknown>, B>({
  sellerId,
  initialValues,
  schema,
  toBody,
  useSend,
  refusal,
  confirmFirst,
}: {
  sellerId: number;
  initialValues: V;
  schema: z.ZodType;
  toBody: (values: V) => unknown;
  /** The write's hook (it reloads the list after a success). */
  useSend: (sellerId: number, reactions: Reactions<{ message: string }, B>) => UseMutationResult<{ message: string }, Error, B>;
  refusal: number;
  /** Asked before sending (a delete); a "no" sends nothing. */
  confirmFirst?: (body: B) => Promise<boolean>;
}) {
  const form = useForm<V>({ initialValues });
  const mutation = useSend(sellerId, {
    onSuccess: (res) => {
      toastSuccess(res.message);
      form.reset();
    },
    onError: (err) => {
      const refused = err instanceof ApiError && err.status === refusal ? err.message : undefined;
      const onFields = applyServerErrors(form, err);
      toastError(refused ?? (onFields ? MSG.signupValidation : MSG.generic), MSG.signupValidationTitle);
    },
  });
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mutation.isPending) return;
    const body = toBody(form.getValues());
    if (!readyToSend(form, schema, body)) return;
    if (confirmFirst && !(await confirmFirst(body as B))) return;
    mutation.mutate(body as B);
  }
  return { form, submit, pending: mutation.isPending };
}

type AddValues = { platform: LtiPlatform | null; name: string; clientId: string; url: string; deploymentId: string };

function AddForm({ sellerId }: { sellerId: number }) {
  const { form, submit, pending } = useLtiForm<AddValues, z.input<typeof ltiAddBody>>({
    sellerId,
    initialValues: { platform: null, name: '', clientId: '', url: '', deploymentId: '' },
    schema: ltiAddBody,
    toBody: (v) => ({ platform: v.platform ?? undefined, name: v.name, clientId: v.clientId, url: v.url, deploymentId: v.deploymentId.trim() }),
    useSend: useAddLtiConnection,
    refusal: 409,
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Adicionar Conexão">
      <Stack gap="sm">
        <Select
          label="Plataforma"
          placeholder="Escolha a plataforma"
          data={LTI_PLATFORMS.map((p) => ({ value: p, label: LTI_PLATFORM_LABELS[p] }))}
          required
          {...form.getInputProps('platform')}
        />
        <TextInput label="Nome" placeholder="Ex.: Moodle da graduação" {...form.getInputProps('name')} />
        <TextInput label="ClientId" required autoComplete="off" {...form.getInputProps('clientId')} />
        <TextInput
          label="URL da plataforma"
          placeholder="https://moodle.suainstituicao.edu.br"
          description="O endereço do LMS, com https://. Os endpoints são calculados a partir dele."
          required
          autoComplete="off"
          {...form.getInputProps('url')}
        />
        <TextInput
          label="Deployment ID"
          description="Opcional: o LMS mostra ao instalar a ferramenta. Em branco, o primeiro acesso registra o deployment."
          autoComplete="off"
          {...form.getInputProps('deploymentId')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteForm({ sellerId }: { sellerId: number }) {
  const { form, submit, pending } = useLtiForm<{ clientId: string; url: string }, z.input<typeof ltiDeleteBody>>({
    sellerId,
    initialValues: { clientId: '', url: '' },
    schema: ltiDeleteBody,
    toBody: (v) => v,
    useSend: useDeleteLtiConnection,
    refusal: 404,
    confirmFirst: confirmLtiDelete,
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Deletar Conexão">
      <Stack gap="sm">
        <TextInput label="ClientId" required autoComplete="off" {...form.getInputProps('clientId')} />
        <TextInput label="URL da plataforma" placeholder="https://moodle.suainstituicao.edu.br" required autoComplete="off" {...form.getInputProps('url')} />
        <Alert color="gray" variant="light">
          A conexão deixa de valer, mas continua registrada no histórico da plataforma.
        </Alert>
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={pending}>
            Deletar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
