/**
 * The notice an institution's users see on every page while their institution is not active (spec 3 §4 "Seller
 * status"): they still sign in, but the store, cart and catalogue are closed to them until the platform team
 * reactivates it. Read from the session's user (`seller.status`, refreshed from /me whenever the shell opens). A
 * suspension for non-payment says so ('inadimplência') and links to 'Financeiro', where it is settled; an active
 * institution with overdue charges sees the late-payment notice with the same link.
 */
import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { MenuKey } from '@edu/shared/access';
import type { SessionUser } from '@edu/shared/auth';
import { INSTITUTION_MSG } from '@edu/shared/institutions';
import { useSessionUser } from '../../../lib/session';

/** The institution's 'Financeiro' (its charges and their Pix codes): where a late payment is settled. */
export const FINANCE_PATH = '/dashboard/financeiro';

function FinanceLink() {
  return (
    <Text mt="xs">
      <Anchor component={Link} to={FINANCE_PATH} fw={600}>
        {INSTITUTION_MSG.seeFinance}
      </Anchor>
    </Text>
  );
}

export function SellerStatusNotice() {
  const user = useSessionUser();
  const seller = user?.seller;
  const status = seller?.status;
  if (!seller || !status) return null;
  if (status === 'active') {
    // Overdue charges, not yet a suspension: the late-payment notice (a session stored before the count existed has none).
    const overdue = seller.overdueCharges ?? 0;
    if (overdue <= 0) return null;
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        title={INSTITUTION_MSG.overdueNoticeTitle}
        mb="lg"
        role="status"
        data-testid="seller-overdue-notice"
      >
        {INSTITUTION_MSG.overdueNotice(overdue)}
        <FinanceLink />
      </Alert>
    );
  }
  const suspended = status === 'suspended';
  const nonPayment = suspended && seller.suspensionReason === 'non_payment';
  return (
    <Alert
      color={suspended ? 'red' : 'yellow'}
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={nonPayment ? INSTITUTION_MSG.nonPaymentNoticeTitle : suspended ? INSTITUTION_MSG.suspendedNoticeTitle : INSTITUTION_MSG.pendingNoticeTitle}
      mb="lg"
      role="alert"
      data-testid="seller-status-notice"
    >
      {nonPayment ? INSTITUTION_MSG.nonPaymentNotice : suspended ? INSTITUTION_MSG.suspendedNotice : INSTITUTION_MSG.pendingNotice}
      {nonPayment && <FinanceLink />}
    </Alert>
  );
}

/** The menu entries an institution that is not active loses (the server refuses their calls too). */
export const CLOSED_WHILE_INACTIVE = ['store', 'store-service', 'rented-units'] as const;

/** Is the user's institution not active (suspended or pending)? A session stored before the status existed has none: not inactive until /me says so. */
export const sellerInactive = (user: Pick<SessionUser, 'seller'>): boolean => user.seller?.status === 'suspended' || user.seller?.status === 'pending';

/** Is this menu entry (or the dashboard tile that leads to the same screen) closed to this user now? The shell's menu and the dashboard's tiles both ask. */
export const closedForSeller = (user: Pick<SessionUser, 'seller'>, key: MenuKey): boolean =>
  sellerInactive(user) && (CLOSED_WHILE_INACTIVE as readonly MenuKey[]).includes(key);
