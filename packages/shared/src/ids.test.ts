/**
 * Ids are the database's integer keys (1 to 2³¹ − 1): one schema (idSchema, textIdSchema in validation.ts) holds every
 * id of the contract to that range, so a larger number is a 400 on its field and never reaches SQL.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_ROUTES } from './api';
import { MSG } from './messages';
import { ID_MAX, INT_MAX, idSchema, textIdSchema } from './validation';

const messageOf = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues[0]?.message;

describe('idSchema and textIdSchema', () => {
  it('accept 1 to 2³¹ − 1 and nothing past it', () => {
    expect(ID_MAX).toBe(2 ** 31 - 1);
    for (const ok of [1, 42, ID_MAX]) {
      expect(idSchema().parse(ok)).toBe(ok);
      expect(textIdSchema().parse(String(ok))).toBe(ok);
    }
    for (const bad of [0, -1, 1.5, ID_MAX + 1, 2 ** 53, Number.NaN, Infinity]) {
      expect(idSchema().safeParse(bad).success, String(bad)).toBe(false);
      expect(textIdSchema().safeParse(String(bad)).success, String(bad)).toBe(false);
    }
    for (const bad of ['abc', '', '2147483648', '9007199254740993', '1e400']) expect(textIdSchema().safeParse(bad).success, bad).toBe(false);
    // A JSON body's id is a number: the text of one is not read as one.
    expect(idSchema().safeParse('5').success).toBe(false);
  });

  it('say in Portuguese what is wrong, or the form’s own words', () => {
    expect(messageOf(idSchema().safeParse(ID_MAX + 1))).toBe(MSG.maxNumber(ID_MAX, true));
    expect(messageOf(idSchema().safeParse(0))).toBe(MSG.minNumber(0, false));
    expect(messageOf(idSchema().safeParse('um'))).toBe(MSG.mustBeNumber);
    expect(messageOf(textIdSchema(MSG.invalidValue).safeParse('2147483648'))).toBe(MSG.invalidValue);
    expect(messageOf(idSchema(MSG.invalidValue, MSG.required).safeParse(undefined))).toBe(MSG.required);
    expect(messageOf(idSchema(MSG.invalidValue, MSG.required).safeParse(2 ** 31))).toBe(MSG.invalidValue);
  });
});

type JsonSchema = { [k: string]: unknown };

/** Every whole number a request may carry (path, query, body, nested), with its path and largest accepted value. */
function integersOf(schema: JsonSchema, root: JsonSchema, path: string, out: { path: string; max: number | undefined }[], depth = 0) {
  if (depth > 12) return;
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref === '#' ? root : (root.$defs as Record<string, JsonSchema> | undefined)?.[schema.$ref.split('/').pop()!];
    if (ref && depth < 10) integersOf(ref, root, path, out, depth + 1);
    return;
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const alt of (schema[key] as JsonSchema[] | undefined) ?? []) integersOf(alt, root, path, out, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer')) {
    const max = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined;
    out.push({ path, max });
  }
  for (const [key, child] of Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {})) integersOf(child, root, `${path}.${key}`, out, depth + 1);
  if (schema.items && typeof schema.items === 'object') integersOf(schema.items as JsonSchema, root, `${path}[]`, out, depth + 1);
}

describe('the contract', () => {
  it('holds every whole number of every request to the database’s integer range (pages are offsets, read as bigint)', () => {
    const unbounded: string[] = [];
    let checked = 0;
    for (const route of ALL_ROUTES) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = route[part] as z.ZodType | undefined;
        if (!schema) continue;
        // What the client sends, and what the handler receives (a list of ids parsed out of a path's text, for one).
        const found: { path: string; max: number | undefined }[] = [];
        for (const io of ['input', 'output'] as const) {
          const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
          integersOf(json, json, part, found);
        }
        for (const { path, max } of found) {
          checked++;
          if (path.endsWith('.page')) continue;
          if (max === undefined || max > INT_MAX) unbounded.push(`${route.method} ${route.path} ${path} (máximo ${max ?? 'nenhum'})`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(unbounded).toEqual([]);
  });
});
