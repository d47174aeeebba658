import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCopy, IconDownload, IconLock, IconSparkles } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { AI_ACTIVITY_MODELS, AI_DEFAULT_DURATION, AI_DEFAULT_MODEL, AI_DURATIONS, AI_TOPIC_MAX, durationLabel, type AiActivityModel } from '@edu/shared/ai';
import { MSG } from '@edu/shared/messages';
import { ApiError } from '../../../lib/api';
import { aiAccessQuery, useGenerateActivity } from '../api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { PageLoader } from '../../../ui/page-loader';

const MODEL_OPTIONS = AI_ACTIVITY_MODELS.map((m) => ({ value: m, label: m }));
const DURATION_OPTIONS = AI_DURATIONS.map((d) => ({ value: String(d), label: durationLabel(d) }));

/** /dashboard/ia-activities, 'Criar Atividades com IA' (spec 1 §2.15). */
export default function IaActivitiesPage() {
  const access = useQuery(aiAccessQuery());
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">Criar Atividades com IA</Title>
      {access.isPending ? (
        <PageLoader />
      ) : access.isError ? (
        <Alert color="red" role="alert">
          {access.error instanceof ApiError && access.error.status === 403 ? MSG.forbidden : MSG.listLoadFail}
        </Alert>
      ) : !access.data.allowed ? (
        <Restricted />
      ) : !access.data.configured ? (
        <Alert color="gray" role="status" title={MSG.aiNotConfiguredTitle}>
          {MSG.aiNotConfigured}
        </Alert>
      ) : (
        <Generator />
      )}
    </Stack>
  );
}

function Restricted() {
  return (
    <Alert color="yellow" icon={<IconLock aria-hidden />} title={MSG.aiRestrictedTitle} role="status">
      {MSG.aiRestricted}
    </Alert>
  );
}

function Generator() {
  const [topic, setTopic] = useState('');
  const [model, setModel] = useState<string | null>(AI_DEFAULT_MODEL);
  const [duration, setDuration] = useState<string | null>(String(AI_DEFAULT_DURATION));
  const [errors, setErrors] = useState<{ topic?: string; model?: string; duration?: string }>({});
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const resultRef = useRef<HTMLTextAreaElement>(null);

  const generate = useGenerateActivity({
    onSuccess: (data) => setText(data.text),
    onError: (err) => {
      // Spec 1 §8: generation failures are only logged (no toast); the reason shows next to the form.
      console.error('Falha ao gerar a atividade com IA', err);
      setFailure(err instanceof ApiError ? err.message : MSG.aiProviderFail);
    },
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const next = {
      topic: topic.trim() ? undefined : MSG.required,
      model: model ? undefined : MSG.required,
      duration: duration ? undefined : MSG.required,
    };
    setErrors(next);
    if (next.topic || next.model || next.duration) {
      toastError(MSG.aiRequired);
      return;
    }
    setFailure(null);
    generate.mutate({ topic: topic.trim(), model: model as AiActivityModel, duration: Number(duration) });
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Without the clipboard API (e.g. plain http): select the text and copy it the old way.
      resultRef.current?.select();
      document.execCommand('copy');
    }
    toastSuccess(MSG.copied, MSG.copiedTitle);
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'atividade.txt';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate aria-label="Gerar atividade">
          <Stack>
            <Text size="sm" c="dimmed">
              Informe o tema da aula, escolha o modelo de atividade e a duração: a IA monta a atividade completa, com objetivos,
              etapas, perguntas norteadoras e avaliação.
            </Text>
            <TextInput
              label="Tema da Aula"
              required
              maxLength={AI_TOPIC_MAX}
              value={topic}
              onChange={(e) => {
                setTopic(e.currentTarget.value);
                setErrors((x) => ({ ...x, topic: undefined }));
              }}
              error={errors.topic}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label="Modelo de Atividade" required data={MODEL_OPTIONS} value={model} onChange={setModel} error={errors.model} allowDeselect={false} />
              <Select label="Duração Estimada" required data={DURATION_OPTIONS} value={duration} onChange={setDuration} error={errors.duration} allowDeselect={false} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconSparkles size={18} />} disabled={generate.isPending}>
                {generate.isPending ? 'Gerando...' : 'Gerar Atividade com IA'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {text && (
        <Card withBorder padding="lg">
          <Stack>
            <Textarea ref={resultRef} label="Atividade gerada" value={text} readOnly autosize minRows={12} maxRows={30} />
            <Group justify="flex-end">
              <Button variant="light" leftSection={<IconCopy size={18} />} onClick={copy}>
                Copiar Texto
              </Button>
              <Button leftSection={<IconDownload size={18} />} onClick={download}>
                Baixar Arquivo
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </>
  );
}
