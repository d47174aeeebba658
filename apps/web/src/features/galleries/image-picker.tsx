/**
 * The image picker of the picture resource and the unit cover (spec 2 §2.9, §2.10): tabs 'Galeria'
 * (the provider's images, 15 per page), 'Enviar' (jpg, jpeg, png or gif up to 30 MB) and 'Banco de
 * imagens' (stock photos; shown only when the server has the service configured). Staff, who may read
 * a provider's gallery but not add to it, see the gallery only.
 */
import { Alert, Group, Image, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconPhoto, IconPhotoSearch, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { GALLERY_MSG, UNIT_UPLOAD_BYTES } from '@edu/shared/galleries';
import { MSG } from '@edu/shared/messages';
import { toastError } from '../../lib/toast';
import { FileDrop, FileDropPrompt, type FileRefusal } from '../../ui/file-drop';
import { stockStatusQuery } from './api';
import { useCanUpload } from './can-upload';
import { GalleryGrid } from './gallery-grid';
import { StockSearch } from './stock-search';
import { UploadProgress } from './upload-progress';
import { useGalleryUpload } from './use-gallery-upload';

const IMAGE_ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/gif': ['.gif'] };

export const refusalMessage = (reason: FileRefusal) => (reason === 'too-large' ? GALLERY_MSG.tooLarge : GALLERY_MSG.notSupported);

export interface ImagePickerProps {
  providerId: number | null | undefined;
  value: string;
  onChange(url: string): void;
}

export function ImagePicker({ providerId, value, onChange }: ImagePickerProps) {
  const canUpload = useCanUpload();
  const [tab, setTab] = useState<string | null>('gallery');
  const { upload, progress, cancel } = useGalleryUpload(providerId, 'images');
  const stock = useQuery({ ...stockStatusQuery, enabled: canUpload && !!providerId });
  const stockEnabled = canUpload && stock.data?.enabled === true;

  if (!providerId) {
    return (
      <Alert color="gray" icon={<IconPhoto size={18} aria-hidden />}>
        {GALLERY_MSG.noProvider}
      </Alert>
    );
  }

  async function send(file: File | undefined) {
    if (!file) return;
    const stored = await upload(file);
    if (stored) {
      onChange(stored.url);
      setTab('gallery');
    }
  }

  return (
    <Stack gap="sm">
      {value && (
        <Paper withBorder radius="sm" p={6}>
          <Group gap="sm" wrap="nowrap">
            <Image src={value} alt="Imagem escolhida" w={56} h={56} fit="cover" radius="sm" bg="gray.1" />
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={500}>
                Imagem escolhida
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {value}
              </Text>
            </Stack>
          </Group>
        </Paper>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="gallery" leftSection={<IconPhoto size={16} aria-hidden />}>
            Galeria
          </Tabs.Tab>
          {canUpload && (
            <Tabs.Tab value="upload" leftSection={<IconUpload size={16} aria-hidden />}>
              Enviar
            </Tabs.Tab>
          )}
          {stockEnabled && (
            <Tabs.Tab value="stock" leftSection={<IconPhotoSearch size={16} aria-hidden />}>
              Banco de imagens
            </Tabs.Tab>
          )}
        </Tabs.List>

        <Tabs.Panel value="gallery" pt="sm">
          <GalleryGrid providerId={providerId} kind="images" selectedUrl={value} onPick={(file) => onChange(file.url)} emptyText="Nenhuma imagem na galeria ainda." />
        </Tabs.Panel>

        {canUpload && (
          <Tabs.Panel value="upload" pt="sm">
            {progress ? (
              <UploadProgress progress={progress} onCancel={cancel} />
            ) : (
            <FileDrop
              onFile={(file) => void send(file)}
              onRefuse={(reason) => toastError(refusalMessage(reason), MSG.uploadFailTitle)}
              accept={IMAGE_ACCEPT}
              maxBytes={UNIT_UPLOAD_BYTES}
              inputLabel="Enviar imagem para a galeria"
            >
              {(state) => <FileDropPrompt state={state} hint="jpg, jpeg, png ou gif de até 30 MB. A imagem fica na sua galeria." minHeight={120} />}
            </FileDrop>
            )}
          </Tabs.Panel>
        )}

        {stockEnabled && (
          <Tabs.Panel value="stock" pt="sm">
            <StockSearch providerId={providerId} onPick={(file) => onChange(file.url)} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
