import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { CHARGES_MSG, type PixState } from '@edu/shared/charges';

/** The Pix notice every reader of a code must see: the demo's (do not pay) or the missing configuration's. */
export function PixNotice({ pix }: { pix: PixState | undefined }) {
  if (!pix) return null;
  if (pix.demo) {
    return (
      <Alert color="orange" variant="filled" icon={<IconInfoCircle aria-hidden />} title="Ambiente de demonstração" data-testid="pix-demo">
        {pix.message ?? CHARGES_MSG.pixDemo}
      </Alert>
    );
  }
  if (!pix.configured) {
    return (
      <Alert color="yellow" icon={<IconInfoCircle aria-hidden />} title="Pix indisponível">
        {pix.message ?? CHARGES_MSG.pixNotConfigured}
      </Alert>
    );
  }
  return null;
}
