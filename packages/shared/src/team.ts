/**
 * Meu Time (spec 1 §2.12, §6 "Account management", §7): the team lists of sellers and providers, the
 * seller-team edit and delete, the provider's create call and the CSV import. Admin and director list
 * through GET /users/filter and create through POST /create (users.ts).
 */
import { z } from 'zod';
import { manageableTypes, PROVIDER_TYPES, SELLER_TYPES, USER_STATUSES, USER_TYPES, type UserType } from './access';
import { MSG } from './messages';
import { LIMITS } from './limits';
import { CSV_LIMITS } from './csv';
import { defineRoute } from './contract';
import { email, idParam, messageResponse, pageQuery, requiredText } from './validation';
import { userRow, usersPage } from './users';

const typeList = z
  .union([z.enum(USER_TYPES), z.array(z.enum(USER_TYPES))], { error: MSG.invalidValue })
  .transform((v) => (Array.isArray(v) ? v : [v]));

/** Filters of a team list; the same names as GET /users/filter. Without `status`, every status. */
export const teamQuery = z.strictObject({
  status: z.enum(USER_STATUSES, { error: MSG.invalidValue }).optional(),
  name: z.string().trim().max(LIMITS.nameMax).optional(),
  type: typeList.optional(),
  order: z.enum(['date', 'name'], { error: MSG.invalidValue }).default('date'),
  ...pageQuery,
});
export type TeamQuery = z.input<typeof teamQuery>;

/** The new/edit member form (spec 1 §5: name, valid email and type required). */
export const teamMemberBody = z.strictObject({
  name: requiredText(),
  email: email(),
  type: z.enum(USER_TYPES, { error: MSG.required }),
});
export type TeamMemberBody = z.input<typeof teamMemberBody>;

export const PROVIDER_TEAM_CREATABLE = ['serviceProvider', 'editor'] as const satisfies readonly UserType[];

/** POST /providers/editor/create (spec 1 §7 "Create user variants": email, nameUser). */
export const providerMemberBody = z.strictObject({
  email: email(),
  nameUser: requiredText(),
  type: z.enum(PROVIDER_TEAM_CREATABLE, { error: MSG.cannotManageType }),
});

/**
 * The user types a viewer's team list can contain (the type filter's options). Admin and director see
 * the staff they manage (admin: all staff; director: manager, curator, review); providers and sellers
 * their own organisation's users.
 */
export function teamListTypes(viewer: UserType): readonly UserType[] {
  if (viewer === 'admin' || viewer === 'director') return manageableTypes(viewer);
  if (viewer === 'provider') return PROVIDER_TYPES;
  if (viewer === 'seller' || viewer === 'seller_assistent') return SELLER_TYPES;
  return [];
}

/** Who may open Meu Time: the team managers and the seller's assistant (read only). */
export const TEAM_VIEWER_TYPES = ['admin', 'director', 'provider', 'seller', 'seller_assistent'] as const satisfies readonly UserType[];
export const TEAM_IMPORTER_TYPES = ['admin', 'director', 'provider', 'seller'] as const satisfies readonly UserType[];

export const importPreviewQuery = z.strictObject({ type: z.enum(USER_TYPES, { error: MSG.required }) });

export const importRowIssue = z.object({ field: z.enum(['name', 'email', 'type']), message: z.string() });
export const importPreview = z.object({
  type: z.enum(USER_TYPES),
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  rows: z.array(z.object({ line: z.number(), name: z.string(), email: z.string(), errors: z.array(importRowIssue) })),
});
export type ImportPreview = z.infer<typeof importPreview>;

/** The rows to create; checked again on the server (never trust the preview). */
export const importBody = z.strictObject({
  type: z.enum(USER_TYPES, { error: MSG.required }),
  rows: z
    .array(
      z.strictObject({
        name: z.string({ error: MSG.required }).max(1000, 'Máximo de 1000 caracteres'),
        email: z.string({ error: MSG.required }).max(1000, MSG.invalidEmail),
      }),
      { error: MSG.required },
    )
    .min(1, MSG.required)
    .max(CSV_LIMITS.maxRows, `No máximo ${CSV_LIMITS.maxRows} usuários por importação.`),
});
export type ImportBody = z.input<typeof importBody>;

export const teamRoutes = {
  sellerTeam: defineRoute({
    method: 'GET', path: '/sellers/my-team', tag: 'team', summary: 'Equipe da instituição (sem o próprio usuário)',
    access: ['seller', 'seller_assistent'], query: teamQuery, response: usersPage,
  }),
  sellerTeamUpdate: defineRoute({
    method: 'PUT', path: '/sellers/my-team/:id', tag: 'team', summary: 'Editar um membro da equipe da instituição',
    access: ['seller'], params: idParam, body: teamMemberBody, response: userRow,
  }),
  sellerTeamDelete: defineRoute({
    method: 'DELETE', path: '/sellers/my-team/:id', tag: 'team', summary: 'Excluir (status exclused) um membro da equipe da instituição',
    access: ['seller'], params: idParam, response: messageResponse,
  }),
  providerTeam: defineRoute({
    method: 'GET', path: '/providers/my-team', tag: 'team', summary: 'Equipe do fornecedor (sem o próprio usuário)',
    access: ['provider'], query: teamQuery, response: usersPage,
  }),
  providerCreate: defineRoute({
    method: 'POST', path: '/providers/editor/create', tag: 'team', summary: 'Cadastrar editor ou fornecedor de serviço na equipe do fornecedor',
    access: ['provider'], body: providerMemberBody, response: userRow,
  }),
  importPreview: defineRoute({
    method: 'POST', path: '/users/import/preview', tag: 'team',
    summary: `Pré-visualizar a importação de um CSV (campo file; até ${CSV_LIMITS.maxRows} linhas, 1 MB)`,
    access: TEAM_IMPORTER_TYPES, query: importPreviewQuery, multipart: true, response: importPreview, rateLimit: 'upload',
  }),
  importCommit: defineRoute({
    method: 'POST', path: '/users/import', tag: 'team', summary: 'Importar usuários (todos ou nenhum)',
    access: TEAM_IMPORTER_TYPES, body: importBody, response: z.object({ created: z.number(), message: z.string() }), idempotent: true,
  }),
} as const;
