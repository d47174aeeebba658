/**
 * The image picker (image-picker.tsx) for a page that shows it in a modal, on demand: its tabs, the gallery's grid and
 * pager, the stock search and the drop zone load when the picker is first shown, not with the page.
 * `preloadImagePicker` starts that load early (the button that opens the picker calls it on hover and focus).
 */
import { Skeleton, SimpleGrid, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { ImagePickerProps } from './image-picker';

export const preloadImagePicker = () => import('./image-picker');
const ImagePicker = lazy(() => preloadImagePicker().then((m) => ({ default: m.ImagePicker })));

export function LazyImagePicker(props: ImagePickerProps) {
  return (
    <Suspense fallback={<PickerLoading />}>
      <ImagePicker {...props} />
    </Suspense>
  );
}

/** The picker's tabs and the gallery's first row, as placeholders. */
function PickerLoading() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Carregando galeria">
      <Skeleton h={36} radius="sm" />
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="sm">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} h={96} radius="sm" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
