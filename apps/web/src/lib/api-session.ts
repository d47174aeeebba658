/**
 * The signed-in app's side of the API client (registered once by main.tsx): calls carry the session's bearer token;
 * a 401 on a route that is not public ends the session and returns to / (spec 1 §8); a 503 shows one toast, however
 * many calls fail together. The student viewer's entry does not load this (no session, no Mantine).
 */
import { MSG } from '@edu/shared/messages';
import { connectApi } from './api';
import { session } from './session';
import { toastError } from './toast';

/** The toast of a 503: one at a time, however many calls fail together. */
export const UNAVAILABLE_TOAST_ID = 'service-unavailable';

export function connectApiToSession(): void {
  connectApi({
    token: () => session.token(),
    unauthorized: () => {
      session.clear();
      if (window.location.pathname !== '/') window.location.assign('/');
    },
    unavailable: (message) => toastError(message, MSG.serviceUnavailableTitle, { id: UNAVAILABLE_TOAST_ID }),
  });
}
