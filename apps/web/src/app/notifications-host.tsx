/**
 * The toasts' container, loaded with the first toast (see providers.tsx). Toasts never cover the header ('Sair', the
 * bell, the greeting): on wide screens they appear at the top right, below the header; on phones (lib/phone.ts),
 * where a top toast would span the header or the page's title and first controls, at the bottom, across the screen.
 */
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { PHONE_QUERY } from '../lib/phone';
import classes from './notifications-host.module.css';

export default function NotificationsHost() {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return <Notifications position={phone ? 'bottom-center' : 'top-right'} limit={4} classNames={{ root: classes.root }} />;
}
