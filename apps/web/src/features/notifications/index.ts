/** Public surface of the notifications feature: the shell's bell (which also keeps the live connection). */
export { NotificationBell } from './components/notification-bell';
