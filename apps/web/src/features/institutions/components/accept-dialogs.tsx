/** The dialogs of terms-dialogs.tsx (the terms of use and privacy policy, then the late-payment notice). */
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { PolicyLinks } from '../../../ui/policy-links';
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LIMITS } from '@edu/shared/limits';
import { MSG } from '@edu/shared/messages';
import { session } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { signOut as endSession } from '../../auth';
import { publicConfigQuery, useAcceptTerms } from '../api';

export function TermsOfUseDialog({ sellerId }: { sellerId: number }) {
  const config = useQuery(publicConfigQuery());
  return (
    <AcceptDialog
      key="terms"
      title="Termos de uso e política de privacidade"
      checkboxLabel="Li e compreendi a Política de Privacidade e os Termos de Uso da Plataforma."
      kind="terms"
      sellerId={sellerId}
    >
      <Text>
        Para continuar usando a plataforma, leia com atenção a nossa Política de Privacidade e os Termos de Uso da Plataforma. Eles explicam
        como tratamos os dados da sua instituição e da sua equipe e as regras de uso dos conteúdos.
      </Text>
      <PolicyLinks privacyPolicyUrl={config.data?.privacyPolicyUrl} termsOfUseUrl={config.data?.termsOfUseUrl} gap={4} />
    </AcceptDialog>
  );
}

export function LatePaymentDialog({ sellerId }: { sellerId: number }) {
  return (
    <AcceptDialog
      key="late-payment"
      title="Aviso importante"
      checkboxLabel="Li e estou ciente do termo de inadimplência."
      kind="latePayment"
      sellerId={sellerId}
    >
      <Text>
        Em caso de atraso no pagamento superior a {LIMITS.latePaymentDays} dias, o acesso à plataforma e aos seus conteúdos poderá ser
        suspenso temporariamente, até que a pendência seja regularizada.
      </Text>
      <Text>
        Este aviso não significa que a sua instituição esteja inadimplente: ele apenas informa as regras que valem em caso de atraso.
      </Text>
    </AcceptDialog>
  );
}

function AcceptDialog(props: { title: string; checkboxLabel: string; kind: 'terms' | 'latePayment'; sellerId: number; children: ReactNode }) {
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accept = useAcceptTerms(props.kind, props.sellerId, {
    onSuccess: () => toastSuccess(MSG.termsSaved),
    onError: () => toastError(MSG.termsFail, MSG.termsFailTitle),
  });

  function confirmReading() {
    if (!checked) {
      setError(MSG.confirmCheckbox);
      return;
    }
    accept.mutate();
  }

  async function signOut() {
    await endSession().catch(() => undefined);
    session.clear();
    navigate('/', { replace: true });
  }

  return (
    <Modal
      opened
      onClose={() => undefined}
      title={props.title}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="lg"
    >
      <Stack>
        {props.children}
        <Checkbox
          label={props.checkboxLabel}
          checked={checked}
          error={error}
          onChange={(e) => {
            setChecked(e.currentTarget.checked);
            if (e.currentTarget.checked) setError(null);
          }}
        />
        <Group justify="space-between">
          <Button variant="subtle" color="gray" onClick={signOut}>
            Sair
          </Button>
          <Button onClick={confirmReading} loading={accept.isPending}>
            Confirmar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
