/** Reusable zod pieces carrying the spec's pt-BR messages; server and web validate with the same ones. */
import { z } from 'zod';
import { MSG } from './messages';
import { LIMITS } from './limits';
import { isValidCnpj, isValidCpf, onlyDigits } from './format';

export const requiredText = (max: number = LIMITS.nameMax, message: string = MSG.required) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Máximo de ${max} caracteres`);

export const optionalText = (max: number = LIMITS.textMax) =>
  z.string({ error: MSG.invalidValue }).trim().max(max, `Máximo de ${max} caracteres`).optional();

export const email = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .toLowerCase()
    .min(1, MSG.required)
    .max(LIMITS.emailMax, MSG.invalidEmail)
    .pipe(z.email({ error: MSG.invalidEmail }));

export const password = () =>
  z
    .string({ error: MSG.required })
    .min(1, MSG.required)
    .min(LIMITS.passwordMin, MSG.passwordMin)
    .max(LIMITS.passwordMax, `Máximo de ${LIMITS.passwordMax} caracteres`);

/** CPF typed with or without the mask; stored as digits. */
export const cpf = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .refine(isValidCpf, MSG.invalidCpf)
    .transform(onlyDigits);

export const cnpj = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .refine(isValidCnpj, MSG.invalidCnpj)
    .transform(onlyDigits);

/** An optional CNPJ: empty means absent. */
export const optionalCnpj = () =>
  z
    .string({ error: MSG.invalidValue })
    .trim()
    .optional()
    .refine((v) => !v || isValidCnpj(v), MSG.invalidCnpj)
    .transform((v) => (v ? onlyDigits(v) : undefined));

/** An optional link (Lattes, LinkedIn): empty means absent. */
export const optionalLink = () =>
  z
    .string({ error: MSG.mustBeLink })
    .trim()
    .max(500, MSG.mustBeLink)
    .optional()
    .refine((v) => !v || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), MSG.mustBeLink)
    .transform((v) => v || undefined);

export const idParam = z.strictObject({ id: z.coerce.number({ error: MSG.invalidValue }).int().positive(MSG.invalidValue) });

export const pageQuery = {
  page: z.coerce.number({ error: MSG.invalidValue }).int().min(1, MSG.invalidValue).default(1),
  limit: z.coerce
    .number({ error: MSG.invalidValue })
    .int()
    .min(1, MSG.invalidValue)
    .max(LIMITS.usersPageSizeMax, MSG.invalidValue)
    .default(LIMITS.usersPageSizeDefault),
};

export const messageResponse = z.object({ message: z.string() });

export const errorResponse = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
