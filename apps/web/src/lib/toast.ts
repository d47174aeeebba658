import { notifications } from '@mantine/notifications';
import { LIMITS } from '@edu/shared/limits';

export function toastSuccess(message: string, title?: string) {
  notifications.show({ title, message, color: 'green', autoClose: LIMITS.toastMs, withCloseButton: true });
}
export function toastError(message: string, title?: string) {
  notifications.show({ title, message, color: 'red', autoClose: LIMITS.toastMs, withCloseButton: true });
}
