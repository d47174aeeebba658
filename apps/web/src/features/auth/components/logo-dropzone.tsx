import { Button, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { LIMITS } from '@edu/shared/limits';
import { MSG } from '@edu/shared/messages';
import { toastError } from '../../../lib/toast';
import classes from './logo-dropzone.module.css';
import { FileDrop, FileDropPrompt, type FileRefusal } from '../../../ui/file-drop';

/** jpg, jpeg, png and gif (spec 1 §5). The server checks the real type again by magic bytes. */
const ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/gif': ['.gif'] };
const MB = 1024 * 1024;

const refusalMessage = (reason: FileRefusal) => (reason === 'too-large' ? MSG.imageTooLarge : MSG.imageNotSupported);

/** Optional institution logo: drop or pick one image up to 10 MB, with a preview and a remove button. */
export function LogoDropzone({ value, onChange }: { value: File | null; onChange: (file: File | null) => void }) {
  const id = useId();
  const [error, setError] = useState<string>();
  const [preview, setPreview] = useState<string>();

  useEffect(() => {
    if (!value) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  return (
    <Input.Wrapper
      label="Logo da instituição (opcional)"
      description={`Imagem jpg, jpeg, png ou gif de até ${LIMITS.imageUploadBytes / MB} MB.`}
      error={error}
      id={`${id}-wrapper`}
      labelProps={{ id: `${id}-label`, htmlFor: `${id}-input` }}
    >
      {value && preview ? (
        <Paper withBorder p="sm" radius="md" mt={4}>
          <Group wrap="nowrap" justify="space-between">
            <Group wrap="nowrap" gap="sm" miw={0}>
              <Image src={preview} alt="Pré-visualização do logo" w={64} h={64} fit="contain" radius="sm" bg="gray.0" />
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} truncate>
                  {value.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {(value.size / MB).toLocaleString('pt-BR', { maximumFractionDigits: 2 })} MB
                </Text>
              </Stack>
            </Group>
            <Button
              variant="light"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => onChange(null)}
            >
              Remover
            </Button>
          </Group>
        </Paper>
      ) : (
        <FileDrop
          className={classes.zone}
          onFile={(file) => {
            setError(undefined);
            onChange(file);
          }}
          onRefuse={(reason) => {
            const message = refusalMessage(reason);
            setError(message);
            toastError(message, MSG.uploadFailTitle);
          }}
          accept={ACCEPT}
          maxBytes={LIMITS.imageUploadBytes}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          inputId={`${id}-input`}
          inputLabel="Logo da instituição"
        >
          {(state) => <FileDropPrompt state={state} hint="Uma imagem, até 10 MB" hintId={`${id}-hint`} />}
        </FileDrop>
      )}
    </Input.Wrapper>
  );
}
