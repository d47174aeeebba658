/**
 * The notice an institution's users see on every page while their institution is not active (spec 3 §4 "Seller
 * status"): they still sign in, but the store, cart and catalogue are closed to them until the platform team
 * reactivates it. Read from the session's user (`seller.status`, refreshed from /me whenever the shell opens).
 */
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { MenuKey } from '@edu/shared/access';
import type { SessionUser } from '@edu/shared/auth';
import { INSTITUTION_MSG } from '@edu/shared/institutions';
import { useSessionUser } from '../../../lib/session';

export function SellerStatusNotice() {
  const user = useSessionUser();
  const status = user?.seller?.status;
  if (!status || status === 'active') return null;
  const suspended = status === 'suspended';
  return (
    <Alert
      color={suspended ? 'red' : 'yellow'}
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={suspended ? INSTITUTION_MSG.suspendedNoticeTitle : INSTITUTION_MSG.pendingNoticeTitle}
      mb="lg"
      role="alert"
      data-testid="seller-status-notice"
    >
      {suspended ? INSTITUTION_MSG.suspendedNotice : INSTITUTION_MSG.pendingNotice}
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
