import { Avatar, Button, Center, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { IMAGE_MIME_TYPES, LIMITS } from '@edu/shared/limits';
import { MSG } from '@edu/shared/messages';
import { toastError } from '../../../lib/toast';

const DEFAULT_AVATAR = '/avatar-default.svg';

/** The client's first check (spec 1 §5); the server checks size and real type again. */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return MSG.imageNotSupported;
  if (file.size > LIMITS.imageUploadBytes) return MSG.imageTooLarge;
  return null;
}

interface Props {
  label: string;
  /** The saved image, if any. */
  url: string | null | undefined;
  /** A chosen image not sent yet (sent by 'Atualizar Perfil'). */
  file: File | null;
  onFile: (file: File | null) => void;
  onDelete: () => void;
  deleting?: boolean;
  variant: 'avatar' | 'logo' | 'cover';
}

/** An image of the profile: preview, choose (jpg, jpeg, png, gif up to 10 MB) and delete. */
export function ImageField({ label, url, file, onFile, onDelete, deleting, variant }: Props) {
  const id = useId();
  const [error, setError] = useState<string>();
  const [preview, setPreview] = useState<string>();

  useEffect(() => {
    if (!file) {
      setPreview(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setPreview(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  function pick(chosen: File | null) {
    if (!chosen) return;
    const problem = imageProblem(chosen);
    if (problem) {
      setError(problem);
      toastError(problem, MSG.uploadFailTitle);
      return;
    }
    setError(undefined);
    onFile(chosen);
  }

  const src = preview ?? url ?? null;
  const alt = preview ? `Pré-visualização: ${label}` : label;
  let picture;
  if (variant === 'avatar') {
    picture = <Avatar src={src ?? DEFAULT_AVATAR} alt={alt} size={88} radius={88} />;
  } else if (src) {
    picture = (
      <Image src={src} alt={alt} w={variant === 'cover' ? 240 : 88} h={88} fit={variant === 'cover' ? 'cover' : 'contain'} radius="sm" bg="gray.1" />
    );
  } else {
    picture = (
      <Paper w={variant === 'cover' ? 240 : 88} h={88} bg="gray.1" radius="sm">
        <Center h="100%">
          <Stack gap={2} align="center">
            <IconPhoto size={24} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text size="xs" c="dimmed">
              Sem imagem
            </Text>
          </Stack>
        </Center>
      </Paper>
    );
  }

  return (
    <Input.Wrapper
      label={label}
      description="Imagem jpg, jpeg, png ou gif de até 10 MB."
      error={error}
      labelProps={{ id: `${id}-label` }}
      role="group"
      aria-labelledby={`${id}-label`}
    >
      <Group mt={6} gap="md" wrap="nowrap" align="center">
        {picture}
        <Stack gap={6}>
          <FileButton onChange={pick} accept={IMAGE_MIME_TYPES.join(',')}>
            {(props) => (
              <Button {...props} variant="light" size="compact-sm" leftSection={<IconUpload size={14} aria-hidden />} aria-label={`Escolher ${label}`}>
                Escolher imagem
              </Button>
            )}
          </FileButton>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onDelete}
            loading={deleting}
            aria-label={`Excluir ${label}`}
          >
            Excluir
          </Button>
          {file && (
            <Text size="xs" c="dimmed">
              Nova imagem escolhida: será enviada ao clicar em Atualizar Perfil.
            </Text>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
