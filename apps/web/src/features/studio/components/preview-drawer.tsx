import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/** 'Pré-visualizar' on screens narrower than 1200 px: the live preview in a drawer (loaded when first opened). */
export function PreviewDrawer({ opened, onClose, children }: { opened: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" title="Pré-visualização da unidade">
      {children}
    </Drawer>
  );
}
