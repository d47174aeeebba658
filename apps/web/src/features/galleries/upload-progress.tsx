/**
 * An upload under way (useGalleryUpload's `progress`): the file, a bar with its percentage and 'Cancelar envio' while
 * the body is going; then 'Verificando o arquivo…' while the server checks and stores it.
 */
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { GALLERY_MSG } from '@edu/shared/galleries';
import type { GalleryUploadProgress } from './use-gallery-upload';

export interface UploadProgressProps {
  progress: GalleryUploadProgress;
  onCancel(): void;
}

export function UploadProgress({ progress, onCancel }: UploadProgressProps) {
  const { fileName, percent, sent } = progress;
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="upload-progress">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" truncate miw={0}>
            {sent ? GALLERY_MSG.uploadProcessing : `Enviando ${fileName}`}
          </Text>
          <Group gap="xs" wrap="nowrap">
            {!sent && (
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {percent}%
              </Text>
            )}
            {!sent && (
              <Button variant="subtle" color="red" size="compact-xs" leftSection={<IconX size={14} aria-hidden />} onClick={onCancel}>
                Cancelar envio
              </Button>
            )}
          </Group>
        </Group>
        <Progress value={percent} animated={sent} aria-label={`Envio de ${fileName}`} size="sm" />
      </Stack>
    </Paper>
  );
}
