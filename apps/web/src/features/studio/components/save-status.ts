/**
 * What the studio's top bar says about saving: 'Salvando…' while a save runs, 'Alterações não salvas' (or why the
 * last automatic save failed) while the editor holds changes the server has not, 'Salvo às 14:32' after a save (the
 * date too when it was another day), nothing for a new unit not yet saved.
 */
import { formatterOnce } from '@edu/shared/format';
export interface SaveState {
  /** A save (automatic or not) is on its way. */
  saving: boolean;
  /** The editor holds changes the server does not have. */
  dirty: boolean;
  /** Why the last automatic save did not happen (shown while the changes are still unsaved). */
  error: string | null;
  /** When the unit was last stored (its updatedAt when opened, then each save's time). */
  lastSavedAt: Date | null;
}

const time = formatterOnce(() => new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }));
const day = formatterOnce(() => new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' }));

export const SAVE_STATUS = {
  saving: 'Salvando…',
  unsaved: 'Alterações não salvas',
  savedAt: (at: Date, now: Date) => (day().format(at) === day().format(now) ? `Salvo às ${time().format(at)}` : `Salvo em ${day().format(at)} às ${time().format(at)}`),
} as const;

export function saveStatusText(state: SaveState, now: Date = new Date()): string {
  if (state.saving) return SAVE_STATUS.saving;
  if (state.dirty) return state.error ?? SAVE_STATUS.unsaved;
  if (state.lastSavedAt) return SAVE_STATUS.savedAt(state.lastSavedAt, now);
  return '';
}
