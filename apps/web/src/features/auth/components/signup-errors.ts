/** Client-side checks of the sign-up pages with the shared zod schemas (the server runs the same ones). */
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** First message per top-level field of `payload`; `rename` maps payload keys to form fields. */
export function schemaErrors(schema: z.ZodType, payload: unknown, rename: Record<string, string> = {}): FieldErrors {
  const result = schema.safeParse(payload);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    const field = rename[key] ?? key;
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

export function pickErrors(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => fields.includes(key)));
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** Move the keyboard focus to the first field marked invalid, once React has rendered the errors. */
export function focusFirstError() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus();
  });
}
