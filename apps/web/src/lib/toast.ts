import { notifications } from '@mantine/notifications';
import { LIMITS } from '@edu/shared/limits';

/** Spec 2 §8: success toasts are titled 'Sucesso!', error toasts 'Ops ...' unless a screen says otherwise. */
export function toastSuccess(message: string, title: string = 'Sucesso!') {
  notifications.show({ title, message, color: 'green', autoClose: LIMITS.toastMs, withCloseButton: true });
}
export function toastError(message: string, title: string = 'Ops ...') {
  notifications.show({ title, message, color: 'red', autoClose: LIMITS.toastMs, withCloseButton: true });
}
