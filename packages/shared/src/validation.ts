/** Reusable zod pieces carrying the spec's pt-BR messages; server and web validate with the same ones. */
import { z } from 'zod';
import { MSG } from './messages';
import { LIMITS } from './limits';
import { isValidCnpj, isValidCpf, onlyDigits } from './format';

const TYPE_MESSAGES: Record<string, string> = {
  number: MSG.mustBeNumber,
  int: MSG.mustBeInteger,
  bigint: MSG.mustBeInteger,
  string: MSG.mustBeText,
  boolean: MSG.mustBeBoolean,
  array: MSG.mustBeList,
  tuple: MSG.mustBeList,
  object: MSG.mustBeObject,
  record: MSG.mustBeObject,
  date: MSG.mustBeDate,
};

/**
 * The pt-BR message of every zod issue a schema does not name itself: installed once (below) for every
 * shared schema, on the server and in the web. A message set by a schema (`.max(n, '…')`) wins.
 */
export function zodMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return MSG.required;
      // The whole body (no path) is not an object: a JSON body sent as text, or an array/number.
      if (!issue.path?.length && issue.expected === 'object') return MSG.bodyMustBeObject;
      return TYPE_MESSAGES[issue.expected] ?? MSG.invalidValue;
    }
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? MSG.required : MSG.minChars(Number(issue.minimum));
      if (issue.origin === 'array' || issue.origin === 'set') return MSG.minItems(issue.minimum);
      if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int') return MSG.minNumber(issue.minimum, !!issue.inclusive);
      return MSG.invalidValue;
    case 'too_big':
      if (issue.origin === 'string') return MSG.maxChars(Number(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set') return MSG.maxItems(issue.maximum);
      if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int') return MSG.maxNumber(issue.maximum, !!issue.inclusive);
      return MSG.invalidValue;
    case 'invalid_value':
      return MSG.oneOf(issue.values.map((v) => String(v)).join(', '));
    case 'invalid_format':
      if (issue.format === 'email') return MSG.invalidEmail;
      if (issue.format === 'url') return MSG.invalidLink;
      if (issue.format === 'date' || issue.format === 'datetime') return MSG.invalidDate;
      return MSG.invalidFormat;
    case 'not_multiple_of':
      return MSG.multipleOf(issue.divisor);
    case 'unrecognized_keys':
      return MSG.unknownField(issue.keys.join(', '));
    default:
      return MSG.invalidValue;
  }
}

z.config({ customError: zodMessage });

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

/** The largest PostgreSQL `integer` (2³¹ − 1): every whole number a request sends to such a column is held to it. */
export const INT_MAX = 2_147_483_647;
/** The largest id of the database: every key is a PostgreSQL `integer` identity, 1 to INT_MAX. */
export const ID_MAX = INT_MAX;

/** The refusal of a missing (or null) id and of any other wrong value; without either, zodMessage says what is wrong. */
const idError = (message?: string, missing?: string) =>
  message || missing ? { error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? (missing ?? message) : message) } : undefined;

/**
 * The one schema of an id in a JSON body: an integer from 1 to ID_MAX. A number past the database's range names
 * nothing and is refused like 0 or "abc" (400 on the field), never sent to SQL. `message`, when given, is the refusal
 * of every wrong value (a form's own wording) and `missing` that of an absent one; without them each case says what is
 * wrong (zodMessage: "Deve ser maior que 0", "Deve ser menor ou igual a 2147483647").
 */
export const idSchema = (message?: string, missing: string | undefined = message) =>
  z.number(idError(message, missing)).int(message).positive(message).max(ID_MAX, message);

/**
 * The same id in a path or query string: the text is read as a number, then held to the same range. An absent value
 * and one that is not a number both reach the check as NaN, so `missing` is the refusal of both.
 */
export const textIdSchema = <Input = unknown>(message?: string, missing: string | undefined = message) =>
  z.coerce.number<Input>(missing ? { error: missing } : undefined).int(message).positive(message).max(ID_MAX, message);

export const idParam = z.strictObject({ id: textIdSchema(MSG.invalidValue) });

/** `?limit=` of a paginated list: 1 to the largest page size, `size` when absent. */
export const pageLimit = (size: number) =>
  z.coerce.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(1, MSG.invalidValue).max(LIMITS.usersPageSizeMax, MSG.invalidValue).default(size);

export const pageQuery = {
  page: z.coerce.number({ error: MSG.invalidValue }).int().min(1, MSG.invalidValue).default(1),
  limit: pageLimit(LIMITS.usersPageSizeDefault),
};

export const messageResponse = z.object({ message: z.string() });

export const errorResponse = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
