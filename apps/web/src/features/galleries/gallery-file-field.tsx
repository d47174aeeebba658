/**
 * A form field for a file of a provider gallery (spec 2 §2.9, §2.10): the PDF resource, the infographic
 * zip and the unit's question bank. Upload a new file (checked first on the client, then by content
 * on the server) or choose one already in that gallery; the chosen file can be opened or removed.
 */
import { Anchor, Button, Collapse, Group, Input, Paper, Skeleton, Stack, Text, FileButton } from '@mantine/core';
import { IconExternalLink, IconFileText, IconFileZip, IconFolderOpen, IconTrash, IconUpload } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { GALLERY_ACCEPT, GALLERY_MSG } from '@edu/shared/galleries';
import { useCanUpload } from './can-upload';
import { UploadProgress } from './upload-progress';
import { acceptOf, useGalleryUpload } from './use-gallery-upload';

export interface GalleryFileFieldProps {
  providerId: number | null | undefined;
  kind: 'pdfs' | 'infographics' | 'questions';
  value: string;
  onChange(file: { url: string; filename: string } | null): void;
  label?: ReactNode;
  error?: ReactNode;
}

// The gallery's files (its grid and pager) load when 'Escolher da galeria' opens it.
const GalleryGrid = lazy(() => import('./gallery-grid').then((m) => ({ default: m.GalleryGrid })));

const NOUN = { pdfs: 'PDF', infographics: 'infográfico (zip)', questions: 'banco de questões' } as const;

/** A readable name for a stored URL whose original name is not at hand. */
function nameOf(url: string, kind: GalleryFileFieldProps['kind']): string {
  if (kind === 'infographics' && url.endsWith('/index.html')) return 'Infográfico enviado';
  const last = url.split('/').pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    // A typed link may hold a bare '%': show it as it is.
    return last;
  }
}

export function GalleryFileField({ providerId, kind, value, onChange, label, error }: GalleryFileFieldProps) {
  const id = useId();
  const canUpload = useCanUpload();
  const [browsing, setBrowsing] = useState(false);
  const [chosen, setChosen] = useState<{ url: string; filename: string } | null>(null);
  const { upload, pending, progress, cancel } = useGalleryUpload(providerId, kind);
  const Icon = kind === 'infographics' ? IconFileZip : IconFileText;
  const shownName = chosen && chosen.url === value ? chosen.filename : nameOf(value, kind);

  function pick(file: { url: string; filename: string }) {
    setChosen(file);
    onChange({ url: file.url, filename: file.filename });
  }

  async function send(file: File | null) {
    if (!file) return;
    const stored = await upload(file);
    if (stored) {
      pick(stored);
      setBrowsing(false);
    }
  }

  return (
    <Input.Wrapper
      label={label}
      error={error}
      description={`Arquivo ${GALLERY_ACCEPT[kind].join(', ')} de até 30 MB.`}
      labelProps={{ id: `${id}-label` }}
      role="group"
      aria-labelledby={label ? `${id}-label` : undefined}
    >
      <Stack gap="xs" mt={6}>
        {!providerId ? (
          <Text size="sm" c="dimmed">
            {GALLERY_MSG.noProvider}
          </Text>
        ) : (
          <>
            {value ? (
              <Paper withBorder radius="sm" p={6}>
                <Group wrap="nowrap" justify="space-between" gap="xs">
                  <Group wrap="nowrap" gap="xs" miw={0}>
                    <Icon size={20} aria-hidden />
                    <Text size="sm" truncate>
                      {shownName}
                    </Text>
                  </Group>
                  <Group wrap="nowrap" gap="xs">
                    <Anchor href={value} target="_blank" rel="noopener noreferrer" size="xs" aria-label={`Abrir ${shownName} em nova aba`}>
                      <Group gap={2} wrap="nowrap">
                        Abrir <IconExternalLink size={12} aria-hidden />
                      </Group>
                    </Anchor>
                    <Button variant="subtle" color="red" size="compact-xs" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => onChange(null)} aria-label={`Remover ${shownName}`}>
                      Remover
                    </Button>
                  </Group>
                </Group>
              </Paper>
            ) : (
              <Text size="sm" c="dimmed">
                Nenhum {NOUN[kind]} escolhido.
              </Text>
            )}
            <Group gap="xs">
              {canUpload && (
                <FileButton onChange={(file) => void send(file)} accept={acceptOf(kind)}>
                  {(props) => (
                    <Button {...props} variant="light" size="compact-sm" loading={pending} leftSection={<IconUpload size={14} aria-hidden />}>
                      Enviar arquivo
                    </Button>
                  )}
                </FileButton>
              )}
              <Button
                variant="default"
                size="compact-sm"
                leftSection={<IconFolderOpen size={14} aria-hidden />}
                onClick={() => setBrowsing((b) => !b)}
                aria-expanded={browsing}
                aria-controls={`${id}-gallery`}
              >
                {browsing ? 'Fechar galeria' : 'Escolher da galeria'}
              </Button>
            </Group>
            {progress && <UploadProgress progress={progress} onCancel={cancel} />}
            <Collapse expanded={browsing} id={`${id}-gallery`}>
              {browsing && (
                <Paper withBorder radius="sm" p="sm">
                  <Suspense fallback={<GalleryLoading />}>
                  <GalleryGrid
                    providerId={providerId}
                    kind={kind}
                    selectedUrl={value}
                    onPick={(file) => {
                      pick(file);
                      setBrowsing(false);
                    }}
                    emptyText={`Nenhum ${NOUN[kind]} na galeria ainda.`}
                  />
                  </Suspense>
                </Paper>
              )}
            </Collapse>
          </>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** What the grid shows while its files load, shown while the grid itself loads. */
function GalleryLoading() {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label="Carregando galeria">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} h={44} radius="sm" />
      ))}
    </Stack>
  );
}
