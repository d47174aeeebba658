/**
 * The files of the provider's gallery of one kind, 15 per page (spec 2 §2.10): image thumbnails for
 * the image gallery, a list of names for the others. Choosing is a button press (keyboard included);
 * the chosen file is marked with aria-pressed.
 */
import { Anchor, Box, Center, Group, Image, Paper, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconExternalLink, IconFileText, IconFileZip, IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { GALLERY_PAGE_SIZE, type GalleryFile, type GalleryKind } from '@edu/shared/galleries';
import { useGalleryFiles } from './api';
import { Pager } from '../../ui/pager';

interface Props {
  providerId: number | null | undefined;
  kind: GalleryKind;
  /** The URL currently chosen (marked). */
  selectedUrl?: string;
  onPick(file: GalleryFile): void;
  /** Shown when the gallery has no file. */
  emptyText?: string;
}

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('pt-BR');

export function GalleryGrid({ providerId, kind, selectedUrl, onPick, emptyText = 'Nenhum arquivo nesta galeria.' }: Props) {
  const [page, setPage] = useState(1);
  const { loading, fetching, files, total } = useGalleryFiles(providerId, kind, page);
  const pages = Math.max(1, Math.ceil(total / GALLERY_PAGE_SIZE));
  const images = kind === 'images';

  if (loading) {
    return images ? (
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="sm" role="status" aria-busy="true" aria-label="Carregando galeria">
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} h={96} radius="sm" />
        ))}
      </SimpleGrid>
    ) : (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Carregando galeria">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={44} radius="sm" />
        ))}
      </Stack>
    );
  }

  if (files.length === 0) {
    return (
      <Center mih={120}>
        <Stack gap={4} align="center">
          <IconPhotoOff size={28} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        </Stack>
      </Center>
    );
  }

  return (
    <Stack gap="sm" style={{ opacity: fetching ? 0.7 : 1 }}>
      {images ? (
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="sm">
          {files.map((file) => {
            const selected = file.url === selectedUrl;
            return (
              <UnstyledButton
                key={file.id}
                onClick={() => onPick(file)}
                aria-pressed={selected}
                aria-label={`Escolher imagem ${file.filename}`}
                title={file.filename}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  outline: selected ? '3px solid var(--mantine-primary-color-filled)' : undefined,
                  outlineOffset: 2,
                  position: 'relative',
                }}
              >
                <Image src={file.url} alt={file.filename} h={96} fit="cover" radius="sm" bg="gray.1" loading="lazy" />
                {selected && (
                  <Box pos="absolute" top={4} right={4} bg="var(--mantine-primary-color-filled)" c="white" style={{ borderRadius: 999, lineHeight: 0, padding: 2 }}>
                    <IconCheck size={14} aria-hidden />
                  </Box>
                )}
                <Text size="xs" truncate mt={2}>
                  {file.filename}
                </Text>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      ) : (
        <Stack gap={6} role="list">
          {files.map((file) => {
            const selected = file.url === selectedUrl;
            const Icon = kind === 'infographics' ? IconFileZip : IconFileText;
            return (
              <Paper key={file.id} withBorder radius="sm" p={6} role="listitem" bg={selected ? 'var(--mantine-primary-color-light)' : undefined}>
                <Group wrap="nowrap" justify="space-between" gap="xs">
                  <UnstyledButton onClick={() => onPick(file)} aria-pressed={selected} style={{ flex: 1, minWidth: 0 }} aria-label={`Escolher ${file.filename}`}>
                    <Group wrap="nowrap" gap="xs">
                      {selected ? <IconCheck size={18} aria-hidden /> : <Icon size={18} aria-hidden />}
                      <Stack gap={0} miw={0}>
                        <Text size="sm" truncate fw={selected ? 600 : undefined}>
                          {file.filename}
                        </Text>
                        <Text size="xs" c="dimmed">
                          Enviado em {dateOf(file.createdAt)}
                        </Text>
                      </Stack>
                    </Group>
                  </UnstyledButton>
                  <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="xs" aria-label={`Abrir ${file.filename} em nova aba`}>
                    <Group gap={2} wrap="nowrap">
                      Abrir <IconExternalLink size={12} aria-hidden />
                    </Group>
                  </Anchor>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pager
            size="sm"
            total={pages}
            value={page}
            onChange={setPage}
          />
        </Group>
      )}
    </Stack>
  );
}
