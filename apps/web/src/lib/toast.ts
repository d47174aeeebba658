import { notifications, type NotificationData } from '@mantine/notifications';
import { LIMITS } from '@edu/shared/limits';

/** Every toast can be closed, by a button named in pt-BR (Mantine's has no name). */
const closable = { withCloseButton: true, closeButtonProps: { 'aria-label': 'Fechar notificação' } } as const;

/** Spec 2 §8: success toasts are titled 'Sucesso!', error toasts 'Ops ...' unless a screen says otherwise. */
export function toastSuccess(message: string, title: string = 'Sucesso!', opts: Pick<NotificationData, 'position'> = {}) {
  notifications.show({ title, message, color: 'green', autoClose: LIMITS.toastMs, ...closable, ...opts });
}
/** `id`: a toast with this id already on screen is not shown again (Mantine ignores the repeat). */
export function toastError(message: string, title: string = 'Ops ...', opts: Pick<NotificationData, 'id'> = {}) {
  notifications.show({ title, message, color: 'red', autoClose: LIMITS.toastMs, ...closable, ...opts });
}
/** A warning ('Atenção!'): `persistent` keeps it until closed (something the user must read, e.g. items left out). */
export function toastWarning(message: string, title: string = 'Atenção!', { persistent = false }: { persistent?: boolean } = {}) {
  notifications.show({ title, message, color: 'yellow', autoClose: persistent ? false : LIMITS.toastMs, ...closable });
}
/** An information ('Informação'), e.g. a report that found nothing for the period. */
export function toastInfo(message: string, title: string = 'Informação') {
  notifications.show({ title, message, color: 'blue', autoClose: LIMITS.toastMs, ...closable });
}
