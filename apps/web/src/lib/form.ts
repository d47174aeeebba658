/** Connects Mantine forms to the shared zod schemas and to the server's per-field errors. */
import { schemaResolver } from '@mantine/form';
import type { z } from 'zod';
import { ApiError } from './api';

export const zodForm = (schema: z.ZodType) => schemaResolver(schema, { sync: true });

/** Put a 400's per-field messages under the fields; answers true when it did. */
export function applyServerErrors(form: { setErrors(errors: Record<string, string>): void }, err: unknown): boolean {
  if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
    form.setErrors(err.fields);
    return true;
  }
  return false;
}
