/**
 * A provider under analysis (and its editors) authors drafts but cannot send them to analysis: the server refuses
 * (403 PROVIDER_NOT_APPROVED). Minhas Unidades and the studio say so before the author tries.
 */
import { Alert } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { isProviderApproved } from '@edu/shared/providers';
import { LIFECYCLE_MSG } from '@edu/shared/unit-lifecycle';
import { useSessionUser } from '../../../lib/session';

export const PROVIDER_APPROVAL_MSG = {
  title: 'Cadastro em análise',
  sendBlocked: 'O envio para análise fica disponível depois que o cadastro do fornecedor for aprovado.',
} as const;

/** False when the signed-in user belongs to a provider that is not approved yet (its units cannot be sent). */
export function useCanSendUnits(): boolean {
  const user = useSessionUser();
  return !user?.provider || isProviderApproved(user.provider.status);
}

/** The notice shown to the authors of a provider under analysis. */
export function ProviderApprovalNotice() {
  if (useCanSendUnits()) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconHourglass size={18} aria-hidden />}
      title={PROVIDER_APPROVAL_MSG.title}
      // Mantine's yellow title on the light yellow background is under 4.5:1 (WCAG AA): the title in the text's colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid="provider-not-approved"
    >
      {LIFECYCLE_MSG.providerNotApproved}
    </Alert>
  );
}
