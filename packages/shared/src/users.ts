/** Users: listing, viewing, editing, avatar and status (spec 1 §7 "Auth and users", §6 account management). */
import { z } from 'zod';
import { USER_STATUSES, USER_TYPES } from './access';
import { MSG } from './messages';
import { LIMITS } from './limits';
import { defineRoute } from './contract';
import { email, idParam, messageResponse, pageQuery, password, requiredText, idSchema, textIdSchema } from './validation';

export const userRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  type: z.enum(USER_TYPES),
  status: z.enum(USER_STATUSES),
  avatar_url: z.string().nullable(),
  providerId: z.number().nullable(),
  sellerId: z.number().nullable(),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof userRow>;

const typeList = z
  .union([z.enum(USER_TYPES), z.array(z.enum(USER_TYPES))], { error: MSG.invalidValue })
  .transform((v) => (Array.isArray(v) ? v : [v]));

export const usersFilterQuery = z.strictObject({
  status: z.enum(USER_STATUSES, { error: MSG.invalidValue }).optional(),
  name: z.string().trim().max(LIMITS.nameMax).optional(),
  type: typeList.optional(),
  order: z.enum(['date', 'name'], { error: MSG.invalidValue }).default('date'),
  providerId: textIdSchema().optional(),
  idProvider: textIdSchema().optional(),
  ...pageQuery,
});

export const usersPage = z.object({ data: z.array(userRow), total: z.number(), page: z.number(), limit: z.number() });

export const userUpdateBody = z.strictObject({
  id: idSchema().optional(),
  name: requiredText(),
  email: email(),
  type: z.enum(USER_TYPES, { error: MSG.required }).optional(),
  password: password().optional(),
});
export type UserUpdateBody = z.input<typeof userUpdateBody>;

export const userCreateBody = z.strictObject({
  name: requiredText(),
  email: email(),
  type: z.enum(USER_TYPES, { error: MSG.required }),
  status: z.enum(['active', 'inative'], { error: MSG.invalidValue }).default('active'),
});
export type UserCreateBody = z.input<typeof userCreateBody>;

export const userStatusBody = z.strictObject({
  ids: z.array(idSchema(), { error: MSG.required }).min(1, MSG.required).max(500),
  status: z.enum(USER_STATUSES, { error: MSG.invalidValue }),
});

export const usersRoutes = {
  create: defineRoute({
    method: 'POST', path: '/create', tag: 'users', summary: 'Cadastrar usuário (equipe)',
    access: ['admin', 'director', 'provider', 'seller'], body: userCreateBody, response: userRow,
  }),
  filter: defineRoute({
    method: 'GET', path: '/users/filter', tag: 'users', summary: 'Listar usuários com filtros',
    access: ['admin', 'director', 'provider'], query: usersFilterQuery, response: usersPage,
  }),
  view: defineRoute({
    method: 'GET', path: '/users/view/:id', tag: 'users', summary: 'Ver um usuário', access: 'authenticated',
    params: idParam, response: userRow,
  }),
  updateById: defineRoute({
    method: 'PUT', path: '/users/update/:id', tag: 'users', summary: 'Editar um usuário', access: 'authenticated',
    params: idParam, body: userUpdateBody, response: userRow,
  }),
  updateSelf: defineRoute({
    method: 'PUT', path: '/users/update', tag: 'users', summary: 'Editar o próprio usuário', access: 'authenticated',
    body: userUpdateBody, response: userRow,
  }),
  avatar: defineRoute({
    method: 'PUT', path: '/user/avatar/:id', tag: 'users', summary: 'Enviar avatar (campo images)', access: 'authenticated',
    params: idParam, multipart: true, response: z.object({ avatar_url: z.string() }), rateLimit: 'upload', idempotent: true,
  }),
  avatarDelete: defineRoute({
    method: 'DELETE', path: '/users/avatar/delete/:id', tag: 'users', summary: 'Excluir avatar', access: 'authenticated',
    params: idParam, response: messageResponse,
  }),
  status: defineRoute({
    method: 'PUT', path: '/users/status', tag: 'users', summary: 'Alterar o status de usuários',
    access: ['admin', 'director', 'provider', 'seller'], body: userStatusBody, response: z.object({ updated: z.number() }),
  }),
} as const;
