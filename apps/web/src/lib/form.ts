/** Connects Mantine forms to the shared zod schemas and to the server's per-field errors. */
import { schemaResolver } from '@mantine/form';
import type { z } from 'zod';
import { MSG } from '@edu/shared/messages';
import { ApiError } from './api';
import { toastError } from './toast';

export const zodForm = (schema: z.ZodType) => schemaResolver(schema, { sync: true });

/** Put a 400's per-field messages under the fields; answers true when it did. */
export function applyServerErrors(form: { setErrors(errors: Record<string, string>): void }, err: unknown): boolean {
  if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
    form.setErrors(err.fields);
    return true;
  }
  return false;
}

/** The first message per field of `payload` checked by a shared schema; `rename` maps a body key to the form's field. */
export function schemaErrors(schema: z.ZodType, payload: unknown, rename: Record<string, string> = {}): Record<string, string> {
  const result = schema.safeParse(payload);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    const field = rename[key] ?? key;
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Before sending a body built from a form: checked by the shared schema; when it fails, the messages go under the
 * fields with the 'Verifique todos os campos!' toast (spec 3 §8) and the answer is false.
 */
export function readyToSend(
  form: { setErrors(errors: Record<string, string>): void; clearErrors(): void },
  schema: z.ZodType,
  payload: unknown,
  rename: Record<string, string> = {},
): boolean {
  const errors = schemaErrors(schema, payload, rename);
  if (Object.keys(errors).length > 0) {
    form.setErrors(errors);
    toastError(MSG.signupValidation, MSG.signupValidationTitle);
    return false;
  }
  form.clearErrors();
  return true;
}
