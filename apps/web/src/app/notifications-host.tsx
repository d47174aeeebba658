/** The toasts' container, loaded with the first toast (see providers.tsx). */
import { Notifications } from '@mantine/notifications';

export default function NotificationsHost() {
  return <Notifications position="top-right" limit={4} />;
}
