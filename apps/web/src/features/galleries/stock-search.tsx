/**
 * The stock-photo search of the picture resource (spec 2 §2.9, §9): 21 photos per page, the search
 * sent 1 s after the last keystroke. A chosen photo is copied into the provider's image gallery by the
 * server (the stock service's addresses are temporary) and answered as a gallery file.
 */
import { Alert, Anchor, Box, Center, Group, Image, LoadingOverlay, SimpleGrid, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhotoSearch, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { GALLERY_MSG, STOCK_DEBOUNCE_MS, STOCK_PAGE_SIZE, type UploadedFile } from '@edu/shared/galleries';
import { MSG } from '@edu/shared/messages';
import { ApiError } from '../../lib/api';
import { toastError } from '../../lib/toast';
import { stockSearchQuery, useImportStockImage } from './api';
import { Pager } from '../../ui/pager';

/** The contract accepts pages 1 to 25. */
const MAX_PAGES = 25;

export function StockSearch({ providerId, onPick }: { providerId: number | null | undefined; onPick(file: UploadedFile): void }) {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim().slice(0, 100), STOCK_DEBOUNCE_MS);
  // A new term starts again on page 1 (the page is remembered with the term it belongs to).
  const [paging, setPaging] = useState({ term: '', page: 1 });
  const page = paging.term === debounced ? paging.page : 1;
  const setPage = (p: number) => setPaging({ term: debounced, page: p });
  const search = useQuery(stockSearchQuery(debounced, page));
  const choose = useImportStockImage(providerId);

  async function pick(stockId: number) {
    if (!providerId || choose.isPending) return;
    try {
      const [file] = await choose.mutateAsync(stockId);
      if (file) onPick(file);
    } catch (err) {
      toastError(err instanceof ApiError && err.status === 502 ? GALLERY_MSG.stockFail : GALLERY_MSG.uploadFail, MSG.uploadFailTitle);
    }
  }

  const hits = search.data?.hits ?? [];
  const pages = Math.min(MAX_PAGES, Math.max(1, Math.ceil((search.data?.total ?? 0) / STOCK_PAGE_SIZE)));

  let body;
  if (!debounced) {
    body = (
      <Center mih={120}>
        <Stack gap={4} align="center">
          <IconPhotoSearch size={28} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm" c="dimmed">
            Digite um termo para buscar fotos.
          </Text>
        </Stack>
      </Center>
    );
  } else if (search.isPending) {
    body = (
      <SimpleGrid cols={{ base: 3, sm: 7 }} spacing="xs" aria-busy="true" aria-label="Buscando fotos">
        {Array.from({ length: 14 }, (_, i) => (
          <Skeleton key={i} h={80} radius="sm" />
        ))}
      </SimpleGrid>
    );
  } else if (search.isError) {
    body = (
      <Alert color="red" title="Ops ...">
        {search.error instanceof ApiError && search.error.status !== 502 ? search.error.message : GALLERY_MSG.stockFail}
      </Alert>
    );
  } else if (hits.length === 0) {
    body = (
      <Center mih={120}>
        <Text size="sm" c="dimmed">
          Nenhuma foto encontrada para “{debounced}”.
        </Text>
      </Center>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Box pos="relative">
          <LoadingOverlay visible={choose.isPending} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': 'Copiando a foto para a galeria' }} />
          <SimpleGrid cols={{ base: 3, sm: 7 }} spacing="xs" style={{ opacity: search.isFetching ? 0.7 : 1 }} aria-label="Resultados da busca de fotos">
            {hits.map((hit) => {
              const label = hit.tags ? `Foto: ${hit.tags}` : `Foto ${hit.id}`;
              return (
                <UnstyledButton
                  key={hit.id}
                  onClick={() => void pick(hit.id)}
                  disabled={choose.isPending}
                  aria-label={`Escolher ${label}`}
                  title={hit.tags}
                  data-testid="stock-hit"
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                >
                  <Image src={hit.previewURL} alt={label} h={80} fit="cover" radius="sm" bg="gray.1" loading="lazy" referrerPolicy="no-referrer" />
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </Box>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="xs" c="dimmed">
            Fotos fornecidas por{' '}
            <Anchor href="https://pixabay.com/" target="_blank" rel="noopener noreferrer" size="xs">
              Pixabay
            </Anchor>
            . A foto escolhida é copiada para a sua galeria.
          </Text>
          {pages > 1 && (
            <Pager
              size="sm"
              total={pages}
              value={page}
              onChange={setPage}
            />
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <TextInput
        label="Buscar no banco de imagens"
        placeholder="Ex.: sala de aula, natureza, tecnologia"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        maxLength={100}
      />
      {body}
    </Stack>
  );
}
