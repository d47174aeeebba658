/**
 * The studio's live preview (spec 2 §2.8): the unit reader with the values being edited. It follows the
 * step (steps 1–2: the introduction page, step 3: the topic being edited, step 4: the last page); the
 * reader's own navigation moves it freely until the step or topic changes.
 */
import { Box, Text } from '@mantine/core';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { UnitContent } from '../../../ui/unit-content';
import { previewOf, type StudioValues } from '../model';

export { previewPageOf } from './preview-page';

export function UnitPreview({ values, page, caption = true }: { values: StudioValues; page: number; caption?: boolean }) {
  const deferred = useDeferredValue(values);
  const unit = useMemo(() => previewOf(deferred), [deferred]);
  const [shown, setShown] = useState(page);
  useEffect(() => setShown(page), [page]);

  return (
    <Box data-testid="studio-preview">
      {caption && (
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb="xs">
          Pré-visualização
        </Text>
      )}
      <UnitContent unit={unit} page={shown} onPageChange={setShown} />
    </Box>
  );
}
