/**
 * The platform team's Painel (/dashboard for admin and director): what needs doing now, as counts that each lead to
 * the screen where it is done. Spec 1 §2.10 leaves the staff's dashboard empty; docs/decisions.md says why it is this.
 */
import { z } from 'zod';
import { PLATFORM_ADMIN_TYPES } from './access';
import { defineRoute } from './contract';

/** Who sees the team's tasks: the platform team (the same list that runs providers, institutions and rents). */
export const STAFF_TASKS_TYPES = PLATFORM_ADMIN_TYPES;

export const staffTasks = z.object({
  /** Providers awaiting approval (status review or pending: 'Em análise' of Fornecedores). */
  providersInReview: z.number(),
  /** Unit versions sent for analysis and not delegated yet (the Novas tab of Unidades). */
  unitsAwaitingDelegation: z.number(),
  /** Rents an institution requested that the team has not accepted yet (status requested). */
  rentRequests: z.number(),
  /** The institution of the oldest of those requests: its rentals control is where it is accepted. */
  oldestRentRequest: z.object({ sellerId: z.number(), sellerName: z.string() }).nullable(),
  /** Charges overdue (VENCIDA: unpaid after the due date), the Cobranças list filtered by status overdue. */
  overdueCharges: z.number(),
  /** Institutions suspended (Instituições, Suspensas). */
  suspendedInstitutions: z.number(),
  /** Problem reports and students' feedback not resolved nor closed (Relatório de Feedbacks). */
  openFeedback: z.number(),
});
export type StaffTasks = z.infer<typeof staffTasks>;

export const dashboardRoutes = {
  staffTasks: defineRoute({
    method: 'GET', path: '/dashboard/staff-tasks', tag: 'dashboard',
    summary: 'Painel da equipe da plataforma: o que precisa ser feito agora (fornecedores em análise, unidades a delegar, aluguéis solicitados, cobranças vencidas, instituições suspensas, feedbacks em aberto)',
    access: STAFF_TASKS_TYPES, response: staffTasks,
  }),
} as const;
