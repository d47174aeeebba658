/**
 * 'Ver todas' (publishing roles) opens the 'Versões de avaliação' panel (spec 2 §2.5): every review
 * version of this unit version, newest first; clicking one opens it, 'Fechar' closes the panel.
 */
import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import type { ReviewDetail } from '@edu/shared/reviews';
import { OnceOpened } from '../../../ui/lazy-dialog';

// The panel (a drawer and its list) loads when first opened, or earlier on hover or focus of 'Ver todas'.
const loadDrawer = () => import('./review-versions-drawer');
const VersionsDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.VersionsDrawer })));

export function ReviewVersions({ detail }: { detail: ReviewDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconHistory size={14} aria-hidden />}
        onClick={() => setOpen(true)}
        onMouseEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
      >
        Ver todas
      </Button>
      <OnceOpened open={open}>
        <VersionsDrawer detail={detail} opened={open} onClose={() => setOpen(false)} />
      </OnceOpened>
    </>
  );
}
