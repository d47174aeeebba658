import type { StageStatus } from '@edu/shared/review-machine';

/** A status change asked from the staff units list (staff-status-modal.tsx). */
export interface StaffStatusChange {
  reviewIds: number[];
  status: StageStatus;
  needsComment: boolean;
}

/** The button that asks for `status`. */
export const STATUS_ACTION_LABELS: Record<StageStatus, string> = { approved: 'Aprovar', reproved: 'Reprovar', correction: 'Enviar para Correção' };
