/**
 * The terms and late-payment dialogs (spec 1 §2.13): one second after entering the signed-in area, a
 * seller-type user whose institution has not accepted the terms of use / privacy policy, or the
 * late-payment notice, must accept them, one after the other. They cannot be dismissed (no close
 * button, Escape and outside clicks do nothing); the user may sign out instead. The dialogs themselves
 * (accept-dialogs.tsx) load when one is due: most users of the shell never see them.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LIMITS } from '@edu/shared/limits';
import { useSessionUser } from '../../../lib/session';
import { sellerQuery } from '../api';

const loadDialogs = () => import('./accept-dialogs');
const TermsOfUseDialog = lazy(() => loadDialogs().then((m) => ({ default: m.TermsOfUseDialog })));
const LatePaymentDialog = lazy(() => loadDialogs().then((m) => ({ default: m.LatePaymentDialog })));

export function TermsDialogs() {
  const user = useSessionUser();
  const sellerId = user?.type === 'seller' ? (user.seller?.id ?? null) : null;
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (sellerId === null) return;
    const timer = setTimeout(() => setDue(true), LIMITS.termsDialogDelayMs);
    return () => clearTimeout(timer);
  }, [sellerId]);
  const seller = useQuery({ ...sellerQuery(sellerId ?? 0), enabled: sellerId !== null });
  // Fetched during the delay once a dialog is known to be due, so it opens on time.
  const pending = !!seller.data && (!seller.data.accepted_terms || !seller.data.accepted_late_payment_terms);
  useEffect(() => {
    if (pending) void loadDialogs();
  }, [pending]);
  if (sellerId === null || !due || !seller.data) return null;
  const dialog = !seller.data.accepted_terms ? (
    <TermsOfUseDialog sellerId={sellerId} />
  ) : !seller.data.accepted_late_payment_terms ? (
    <LatePaymentDialog sellerId={sellerId} />
  ) : null;
  return dialog && <Suspense fallback={null}>{dialog}</Suspense>;
}

