/**
 * The contract fuzz: every route of the contract (ALL_ROUTES) is called with hostile values in every parameter
 * (path, query string and JSON body: numbers past the database's range, negative and fractional numbers, NaN
 * strings, NUL characters, lone UTF-16 surrogates, 1 MB strings, wrong types, arrays and objects for scalars,
 * missing fields; whole bodies of the wrong shape; the headers a route reads besides the session; hostile multipart
 * uploads) by a user the route admits, so that validation and handlers are really reached, and no answer may be a 5xx.
 *
 * Everything is derived from the contract: the valid baseline of each request is generated from the route's zod
 * schemas (as JSON Schema); each call replaces ONE field of it by a hostile value, so the rest of the request stays
 * valid. The baseline's ids name nothing for half the routes and the demo's first rows for the others (NOWHERE_ID,
 * DEMO_ID). Routes, values and ids are chosen with a fixed seed: a failure prints the route and the payload and
 * replays the same way. To explore beyond the fixed run: FUZZ_SEED=n, FUZZ_ID=n (every baseline id), FUZZ_DEBUG=1
 * (prints each route's baseline answer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { ALL_ROUTES } from '@edu/shared/api';
import { IDEMPOTENCY_HEADER, type RouteContract } from '@edu/shared/contract';
import { MSG } from '@edu/shared/messages';
import { ID_MAX } from '@edu/shared/validation';
import { STUDENT_LINK_HEADER, STUDENT_TOKEN_HEADER } from '@edu/shared/student';
import { LMS_KEY_HEADER } from '@edu/shared/lms';
import type { UserType } from '@edu/shared/access';
import { call, createTestApp, demoEmail, multipartFile, PNG_1PX, signIn, type TestApp } from './harness';
import { random } from './report-fixtures';
import { DEMO_LOGIN_BY_TYPE } from '../src/demo/accounts';
import { courses, items, providers, users } from '../src/db/schema';

const SEED = Number(process.env.FUZZ_SEED ?? 20_231);
/**
 * The baseline's ids: for half the routes (seeded) ids that name nothing, so the call stops at the handler's lookup and
 * cannot change rows the other calls rely on; for the other half the demo's first rows (id 1: its admin, institution,
 * provider, unit…), so hostile values in the other fields reach deeper. FUZZ_ID and FUZZ_SEED explore other runs.
 */
const NOWHERE_ID = 999_999;
const DEMO_ID = 1;
let baselineId = NOWHERE_ID;
const MB = 'a'.repeat(1024 * 1024);

// ---- hostile values --------------------------------------------------------------------------------------------

type Hostile = { label: string; value: unknown };
const h = (label: string, value: unknown): Hostile => ({ label, value });

/** For JSON bodies: every value is tried in place of one field. */
const BODY_NUMBERS = [
  h('2^31', 2 ** 31), h('2^53', 2 ** 53), h('-1', -1), h('0', 0), h('-2^31-1', -(2 ** 31) - 1), h('1e308', 1e308),
  h('1.5', 1.5), h('2^63', 2 ** 63), h('2^31-1', 2 ** 31 - 1),
];
const BODY_TEXTS = [
  h('NUL', 'a\u0000b'), h('lone high surrogate', '\ud800x'), h('lone low surrogate', 'x\udfff'), h('reversed pair', '\udc00\ud800'),
  h('1 MB string', MB), h('"NaN"', 'NaN'), h('"2147483648"', '2147483648'), h('"9007199254740993"', '9007199254740993'),
  h('"-1"', '-1'), h('empty', ''), h('blank', '   '), h('impossible date', '2026-02-30'), h('year 99999', '99999-01-01'),
  h('quote', "'\"; drop table users; --"), h('8 KB emoji', '😀'.repeat(2048)),
];
const BODY_SHAPES = [
  h('true', true), h('null', null), h('{}', {}), h('[]', []), h('[1,2]', [1, 2]), h('["x"]', ['x']), h('{a:1}', { a: 1 }),
  h('[[]]', [[]]), h('[2^31]', [2 ** 31]), h('[NUL]', ['\u0000']),
];
const MISSING = h('missing', undefined);

/** For the path and the query string: text only (arrays are repeated keys in a query). */
const TEXT_NUMBERS = [
  h('2147483648', '2147483648'), h('9007199254740992', '9007199254740992'), h('9007199254740993', '9007199254740993'),
  h('-1', '-1'), h('0', '0'), h('NaN', 'NaN'), h('1e400', '1e400'), h('1.5', '1.5'), h('-2147483649', '-2147483649'),
  h('0x10', '0x10'), h('Infinity', 'Infinity'), h('1e3', '1e3'),
];
const TEXT_TEXTS = [
  h('NUL', 'a\u0000b'), h('lone surrogate', '\ud800x'), h('invalid UTF-8', '\uFFFDinvalid'), h('10 KB', 'a'.repeat(10_240)),
  h('empty', ''), h('blank', '   '), h('impossible date', '2026-02-30'), h('quote', "'\"; --"), h('true', 'true'),
  h('[object Object]', '[object Object]'), h('slash', '../..'),
];
const TEXT_SHAPES = [h('[1,2]', ['1', '2']), h('[2^31,1]', ['2147483648', '1'])];

/** Header values (a header carries Latin-1 bytes only: no NUL, no surrogates). */
const HOSTILE_HEADERS: [string, string][] = [
  ['8 KB', 'x'.repeat(8192)], ['empty', ''], ['Latin-1', 'ÿþé'], ['percent-encoded surrogate', '%ED%A0%80'], ['two dots', 'a.b.c'],
  ['2147483648', '2147483648'],
];

/** Whole bodies that are not the object the route wants. */
const WHOLE_BODIES: { label: string; raw: string; type?: string }[] = [
  { label: 'empty', raw: '' },
  { label: 'array', raw: '[]' },
  { label: 'string', raw: '"x"' },
  { label: 'null', raw: 'null' },
  { label: 'number', raw: '2147483648' },
  { label: 'broken JSON', raw: '{"a":' },
  { label: '__proto__', raw: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}' },
  { label: '2 MB object', raw: JSON.stringify({ x: MB + MB }) },
  { label: 'text/plain', raw: 'hello', type: 'text/plain' },
  { label: 'invalid UTF-8 bytes', raw: '{"name":"\u00ff\u00fe"}', type: 'application/json; charset=latin1' },
];

// ---- a valid baseline from the contract's schemas ---------------------------------------------------------------

type Json = { [k: string]: unknown };
const idLike = (key: string) => /(^id$|Id$|_id$|Ids$|^ids$|^id[A-Z])/.test(key);

/** A value the JSON Schema accepts (best effort: patterns and refinements are guessed by the field's name). */
function sample(schema: Json, root: Json, key: string, depth: number): unknown {
  if (depth > 8) return undefined;
  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref === '#' ? root : (root.$defs as Record<string, Json> | undefined)?.[schema.$ref.split('/').pop()!];
    return ref ? sample(ref, root, key, depth + 1) : undefined;
  }
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives) {
    const first = alternatives.find((a) => a.type !== 'null') ?? alternatives[0]!;
    return sample(first, root, key, depth + 1);
  }
  if (Array.isArray(schema.allOf)) return sample(schema.allOf[0] as Json, root, key, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'object': {
      const out: Json = {};
      const props = (schema.properties ?? {}) as Record<string, Json>;
      for (const [k, s] of Object.entries(props)) {
        const v = sample(s, root, k, depth + 1);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    case 'array': {
      const min = Number(schema.minItems ?? 0);
      const max = Number(schema.maxItems ?? 1);
      const n = Math.min(Math.max(min, 1), max);
      const item = schema.items && typeof schema.items === 'object' ? (schema.items as Json) : {};
      const values = Array.from({ length: n }, (_, i) => {
        const v = sample(item, root, key, depth + 1);
        return typeof v === 'number' && idLike(key) ? v + i : v;
      });
      return values.every((v) => v !== undefined) ? values : [];
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 0;
      const max = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : Infinity;
      if (idLike(key) && max >= baselineId) return baselineId;
      return Math.min(Math.max(min, 1), max);
    }
    case 'boolean':
      return false;
    case 'string':
      return sampleText(schema, key);
    case 'null':
      return null;
    default:
      return 'x';
  }
}

function sampleText(schema: Json, key: string): string {
  const k = key.toLowerCase();
  // Ids as text (`12,15` in a path).
  if (typeof schema.pattern === 'string' && schema.pattern.startsWith('^\\d')) return String(baselineId);
  if (schema.format === 'email' || k.includes('email')) return 'fuzz@exemplo.com.br';
  if (schema.format === 'uri' || schema.format === 'url' || /url|link|lattes|linkedin/.test(k)) return 'https://exemplo.com.br/x';
  if (schema.format === 'date' || /date$|^from$|^to$|^start|^end|^day$/.test(k)) return '2026-01-15';
  if (schema.format === 'date-time') return '2026-01-15T12:00:00.000Z';
  if (schema.format === 'uuid') return '0b6e7a1e-5d1f-4a3b-9c2d-1e2f3a4b5c6d';
  if (k.includes('cnpj')) return '11444777000161';
  if (k.includes('cpf')) return '52998224725';
  if (k === 'month') return '2026-01';
  if (k.includes('password')) return 'Fuzz-senha-123';
  if (k.includes('phone') || k.includes('telefone')) return '(11) 91234-5678';
  if (k === 'cep' || k.includes('zip')) return '01310-100';
  if (k.includes('color')) return '#123456';
  const min = Number(schema.minLength ?? 1);
  const max = Number(schema.maxLength ?? 20);
  return 'fuzz'.padEnd(Math.min(Math.max(min, 4), max), 'z').slice(0, Math.max(min, Math.min(4, max)));
}

function baselineOf(schema: z.ZodType | undefined): Json | undefined {
  if (!schema) return undefined;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  const all = sample(json, json, '', 0) as Json;
  if (schema.safeParse(all).success) return all;
  // Optional fields that conflict with each other: try the required ones only.
  const required = new Set((json.required as string[] | undefined) ?? []);
  const some = Object.fromEntries(Object.entries(all ?? {}).filter(([k]) => required.has(k)));
  return schema.safeParse(some).success ? some : all;
}

// ---- the fields of a request and what to put in them -----------------------------------------------------------

type Part = 'params' | 'query' | 'body';
type Path = (string | number)[];

/** Every field under `value` (objects and arrays included, and the first element of an array), up to depth 4. */
function fieldsOf(value: unknown, path: Path = [], depth = 0): Path[] {
  if (depth > 4 || value === null || typeof value !== 'object') return [];
  const out: Path[] = [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? (value.length ? [[0, value[0]]] : []) : Object.entries(value);
  for (const [k, v] of entries) {
    out.push([...path, k]);
    out.push(...fieldsOf(v, [...path, k], depth + 1));
  }
  return out;
}

function withField(base: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

const pick = <T>(rng: () => number, list: readonly T[], n: number): T[] => {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0]!);
  return out;
};

/** The hostile values tried in one field: the ones its type is most exposed to, and a seeded sample of the rest. */
function hostileFor(part: Part, base: unknown, rng: () => number): Hostile[] {
  if (part === 'body') {
    const first = typeof base === 'number' ? [BODY_NUMBERS[0]!, BODY_NUMBERS[1]!, BODY_NUMBERS[4]!] : typeof base === 'string' ? BODY_TEXTS.slice(0, 2).concat(BODY_TEXTS[4]!) : [];
    const rest = [...BODY_NUMBERS, ...BODY_TEXTS, ...BODY_SHAPES].filter((x) => !first.includes(x));
    return [...first, ...pick(rng, rest, 5), MISSING];
  }
  // Path text is often an id: past the database's range, always.
  const first = typeof base === 'number' || part === 'params' ? [TEXT_NUMBERS[0]!, TEXT_NUMBERS[1]!, TEXT_TEXTS[0]!, TEXT_TEXTS[1]!] : [TEXT_TEXTS[0]!, TEXT_TEXTS[1]!];
  const rest = [...TEXT_NUMBERS, ...TEXT_TEXTS, ...TEXT_SHAPES].filter((x) => !first.includes(x));
  return [...first, ...pick(rng, rest, 4), ...(part === 'query' ? [MISSING] : [])];
}

// ---- building the request ---------------------------------------------------------------------------------------

/** encodeURIComponent, except that a lone surrogate is sent as its three (invalid) UTF-8 bytes instead of throwing. */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    else if (ch === '\uFFFD') out += '%FF%FE';
    else out += encodeURIComponent(ch);
  }
  return out;
}

function urlOf(route: RouteContract, params: Json | undefined, query: Json | undefined): string {
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_, key: string) => encode(String(params?.[key] ?? '')));
  const pairs = Object.entries(query ?? {}).flatMap(([k, v]) => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => `${encode(k)}=${encode(String(x))}`));
  return `/api${path}${pairs.length ? `?${pairs.join('&')}` : ''}`;
}

// ---- who calls --------------------------------------------------------------------------------------------------

let t: TestApp;
const tokens = new Map<UserType, string>();
const credentials = { studentLink: '', lmsKey: '' };
const demo = { sellerId: 0, unitId: 0, unitContentId: 0 };

/** Routes a student's share link opens (the token in its header), and the LMS API's (the institution's key in `lms_key`). */
const isStudentRoute = (route: RouteContract) => !!route.studentLink || route.path.startsWith('/student/');
const isLmsKeyRoute = (route: RouteContract) => route.path === '/saveDataInJson' || route.path.startsWith('/lms/');

/** A new LMS key, then a share link to the demo's published unit that names its student (a new key revokes older links). */
async function renewCredentials() {
  const seller = await tokenFor('seller');
  const key = await call(t.app, 'PUT', '/api/sellers/lms/key', { token: seller, payload: { id: demo.sellerId } });
  expect(key.statusCode, key.body).toBe(200);
  credentials.lmsKey = key.json<{ lms_key: string }>().lms_key;
  const link = await call(t.app, 'POST', `/api/sellers/share-links/unit/${demo.unitId}`, { token: seller, payload: { studentId: 'aluno-fuzz' } });
  expect(link.statusCode, link.body).toBe(200);
  credentials.studentLink = link.json<{ token: string }>().token;
}

/** The baseline of the student and LMS routes names the unit the link opens (a rented one), so their calls go past the lookup. */
function withCredentials(route: RouteContract, part: Part, base: Json | undefined): Json | undefined {
  if (!base) return base;
  if (isLmsKeyRoute(route)) return part === 'body' && 'itemId' in base ? { ...base, itemId: demo.unitId } : base;
  if (!isStudentRoute(route)) return base;
  const out = structuredClone(base);
  if (part === 'params' && 'id' in out) out.id = demo.unitContentId;
  if (part === 'body' && 'unitId' in out) out.unitId = demo.unitContentId;
  const feedback = out.itemFeedback as Json | undefined;
  if (part === 'body' && feedback && 'unit_id' in feedback) feedback.unit_id = demo.unitContentId;
  if ('token' in out) out.token = credentials.studentLink;
  return out;
}

const label = (route: RouteContract) => `${route.method} /api${route.path}`;
/** The preferred caller of each route: the types with the most data first. */
const PREFERENCE: UserType[] = ['admin', 'seller', 'provider', 'seller_content_manager', 'director', 'manager', 'curator', 'review', 'editor', 'serviceProvider', 'seller_assistent', 'client', 'user'];
function callerOf(route: RouteContract, rng: () => number): UserType | null {
  if (route.access === 'public') return rng() < 0.5 ? null : 'admin';
  if (route.access === 'authenticated') return PREFERENCE[Math.floor(rng() * 3)]!;
  const allowed = PREFERENCE.filter((u) => (route.access as readonly UserType[]).includes(u));
  return allowed.length ? allowed[Math.floor(rng() * Math.min(2, allowed.length))]! : null;
}

async function tokenFor(type: UserType, fresh = false): Promise<string> {
  if (!fresh && tokens.has(type)) return tokens.get(type)!;
  const token = await signIn(t.app, DEMO_LOGIN_BY_TYPE[type]);
  tokens.set(type, token);
  return token;
}

interface Attempt {
  route: RouteContract;
  what: string;
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

interface Failure {
  route: string;
  what: string;
  url: string;
  payload: string;
  status: number;
  body: string;
}

/**
 * The 5xx answers that are the server telling the truth, not a crash: a feature this start has not configured (the
 * image bank's key, an AI model) answers 503 with its pt-BR explanation once the request is valid.
 */
const NOT_CONFIGURED = new Set(['STOCK_DISABLED', 'AI_NOT_CONFIGURED']);
const notConfigured = (res: { statusCode: number; body: string }) => {
  if (res.statusCode !== 503) return false;
  try {
    return NOT_CONFIGURED.has(JSON.parse(res.body).code);
  } catch {
    return false;
  }
};

const short = (text: string, n = 300) => (text.length > n ? `${text.slice(0, n)}… (${text.length} characters)` : text);

async function send(attempt: Attempt, caller: UserType | null): Promise<{ statusCode: number; body: string }> {
  const { route } = attempt;
  const headers: Record<string, string> = {};
  if (isStudentRoute(route)) headers[STUDENT_LINK_HEADER] = credentials.studentLink;
  if (isLmsKeyRoute(route)) headers[LMS_KEY_HEADER] = credentials.lmsKey;
  Object.assign(headers, attempt.headers);
  const go = async (fresh: boolean) => {
    const token = caller ? await tokenFor(caller, fresh) : undefined;
    return call(t.app, route.method, attempt.url, { token, headers, payload: attempt.payload });
  };
  let res = await go(false);
  // A route such as sign-out revoked the session: sign in again and repeat once.
  if (res.statusCode === 401 && caller && route.access !== 'public') res = await go(true);
  return res;
}

/** Every attempt of one route: each field of params, query and body replaced by its hostile values, whole bodies, uploads. */
function attemptsOf(route: RouteContract, rng: () => number): Attempt[] {
  const base = {
    params: withCredentials(route, 'params', baselineOf(route.params)),
    query: withCredentials(route, 'query', baselineOf(route.query)),
    body: route.multipart ? undefined : withCredentials(route, 'body', baselineOf(route.body)),
  };
  const json = { 'content-type': 'application/json' };
  const bodyText = (body: unknown) => (body === undefined ? undefined : JSON.stringify(body));
  const asQuery = (q: Json | undefined) => q && Object.fromEntries(Object.entries(q).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : typeof v === 'object' && v !== null ? JSON.stringify(v) : v]));
  const out: Attempt[] = [];
  const make = (what: string, params: Json | undefined, query: Json | undefined, body: unknown): Attempt => ({
    route,
    what,
    url: urlOf(route, params, asQuery(query)),
    ...(body !== undefined ? { payload: bodyText(body), headers: json } : {}),
  });
  // The baseline itself first: a valid request (as far as the schemas tell) must not fail either.
  out.push(make('baseline', base.params, base.query, base.body));
  for (const part of ['params', 'query', 'body'] as const) {
    const value = base[part];
    if (value === undefined) continue;
    for (const path of fieldsOf(value)) {
      const current = path.reduce<unknown>((node, k) => (node as Record<string | number, unknown>)[k], value);
      for (const hostile of hostileFor(part, current, rng)) {
        const changed = withField(value, path, hostile.value) as Json;
        const what = `${part}.${path.join('.')} = ${hostile.label}`;
        out.push(make(what, part === 'params' ? changed : base.params, part === 'query' ? changed : base.query, part === 'body' ? changed : base.body));
      }
    }
  }
  if (route.method !== 'GET' && route.method !== 'DELETE' && !route.multipart) {
    for (const whole of WHOLE_BODIES) {
      out.push({ route, what: `whole body = ${whole.label}`, url: urlOf(route, base.params, asQuery(base.query)), payload: whole.raw, headers: { 'content-type': whole.type ?? 'application/json' } });
    }
  }
  // The headers a route reads besides the session: its credential and the idempotency key.
  const headerNames = [
    ...(isStudentRoute(route) ? [STUDENT_LINK_HEADER, STUDENT_TOKEN_HEADER] : []),
    ...(isLmsKeyRoute(route) ? [LMS_KEY_HEADER] : []),
    ...(route.idempotent ? [IDEMPOTENCY_HEADER] : []),
  ];
  for (const name of headerNames) {
    for (const [label, value] of HOSTILE_HEADERS) {
      const body = base.body === undefined ? {} : { payload: bodyText(base.body), headers: json };
      out.push({ route, what: `header ${name} = ${label}`, url: urlOf(route, base.params, asQuery(base.query)), ...body, headers: { ...body.headers, [name]: value } });
    }
  }
  if (route.multipart) {
    const url = urlOf(route, base.params, asQuery(base.query));
    const parts = [
      { what: 'upload: text file named with NUL', ...multipartFile(Buffer.from('not an image'), { filename: 'a\u0000b.png', contentType: 'text/plain' }) },
      { what: 'upload: PNG named with invalid UTF-8', ...multipartFile(PNG_1PX, { filename: '\u00ff\u00fe.png' }) },
      { what: 'upload: empty file', ...multipartFile(Buffer.alloc(0)) },
      { what: 'upload: other field', ...multipartFile(PNG_1PX, { field: 'x'.repeat(5000) }) },
      { what: 'upload: 2 MB of zeros as PNG', ...multipartFile(Buffer.alloc(2 * 1024 * 1024)) },
      { what: 'upload: broken boundary', payload: Buffer.from('--nope\r\n\r\n'), headers: { 'content-type': 'multipart/form-data; boundary=other' } },
      { what: 'upload: CSV with NUL and a 2 KB name', ...multipartFile(Buffer.from(`name,email\nA\u0000na,ana.nul@exemplo.com.br\n${'b'.repeat(2048)},b@exemplo.com.br\n`), { field: 'file', filename: 'time.csv', contentType: 'text/csv' }) },
      { what: 'upload: CSV with invalid UTF-8', ...multipartFile(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x2c, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0xed, 0xa0, 0x80, 0x2c, 0x78, 0x0a]), { field: 'file', filename: 'time.csv', contentType: 'text/csv' }) },
      { what: 'upload: JSON instead', payload: Buffer.from('{"images":"x"}'), headers: { 'content-type': 'application/json' } },
    ];
    for (const p of parts) out.push({ route, what: p.what, url, payload: p.payload, headers: p.headers });
  }
  return out;
}

beforeAll(async () => {
  const high = '1000000';
  t = await createTestApp({
    env: {
      RATE_LIMIT_SIGNIN: high, RATE_LIMIT_SIGNIN_EMAIL: high, RATE_LIMIT_SIGNUP: high, RATE_LIMIT_FORGOT: high, RATE_LIMIT_UPLOAD: high,
      RATE_LIMIT_AI: high, RATE_LIMIT_STUDENT: high, RATE_LIMIT_STUDENT_AI: high, RATE_LIMIT_LMS: high, RATE_LIMIT_LTI: high,
    },
  });
  const db = t.deps.db;
  // The credentials of the routes that take no session: a share link to a published unit, the institution's LMS key.
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.companyName, 'Editora Horizonte Educacional'));
  const [unit] = await db
    .select({ id: items.id, content: items.publishedContentId })
    .from(items)
    .where(and(eq(items.providerId, provider!.id), isNotNull(items.publishedContentId)));
  const [me] = await db.select({ sellerId: users.sellerId }).from(users).where(eq(users.email, demoEmail('seller')));
  Object.assign(demo, { sellerId: me!.sellerId!, unitId: unit!.id, unitContentId: unit!.content! });
  await renewCredentials();
}, 120_000);
afterAll(() => t?.close());

const courseCount = async () => (await t.deps.db.select({ id: courses.id }).from(courses)).length;

describe('bad input answers 4xx with a pt-BR message and changes nothing', () => {
  it('an id past the database’s range is a 400 on its field, in the path, the query and the body; the largest id a 404', async () => {
    const seller = await tokenFor('seller');
    const admin = await tokenFor('admin');
    const path = await call(t.app, 'GET', '/api/sellers/courses/2147483648', { token: seller });
    expect(path.statusCode, path.body).toBe(400);
    expect(path.json()).toMatchObject({ code: 'VALIDATION', message: MSG.invalidValue, fields: { id: MSG.invalidValue } });
    expect((await call(t.app, 'GET', '/api/sellers/courses/9007199254740991', { token: seller })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/sellers/courses/${ID_MAX}`, { token: seller })).statusCode).toBe(404);
    const query = await call(t.app, 'GET', '/api/items/item/find/versions?itemId=2147483648', { token: admin });
    expect(query.statusCode, query.body).toBe(400);
    expect(query.json()).toMatchObject({ fields: { itemId: MSG.invalidValue } });
    const body = await call(t.app, 'PUT', '/api/users/status', { token: admin, payload: { ids: [2 ** 31], status: 'inactive' } });
    expect(body.statusCode, body.body).toBe(400);
    expect(body.json()).toMatchObject({ code: 'VALIDATION', fields: { 'ids.0': MSG.maxNumber(ID_MAX, true) } });
  });

  it('text that is not well-formed Unicode (a lone surrogate) is refused before SQL, and nothing is created', async () => {
    const seller = await tokenFor('seller');
    const before = await courseCount();
    for (const name of ['\ud800x', 'x\udfff', '\udc00\ud800']) {
      const res = await call(t.app, 'POST', '/api/sellers/courses', { token: seller, payload: JSON.stringify({ name }), headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, code: 'INVALID_UNICODE', message: MSG.invalidUnicode, fields: { name: MSG.invalidUnicode } });
    }
    // Nested values and keys, and the query string, too.
    const nested = await call(t.app, 'POST', '/api/items/item/content/create', {
      token: await tokenFor('provider'),
      payload: JSON.stringify({ title: 'Ok', topics: [{ title: 'a\ud83d', content: '' }] }),
      headers: { 'content-type': 'application/json' },
    });
    expect(nested.json()).toMatchObject({ code: 'INVALID_UNICODE', fields: { 'topics.0.title': MSG.invalidUnicode } });
    const key = await call(t.app, 'POST', '/api/sellers/courses', { token: seller, payload: '{"\\udfffname":"x"}', headers: { 'content-type': 'application/json' } });
    expect(key.json()).toMatchObject({ code: 'INVALID_UNICODE' });
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await call(t.app, 'POST', '/api/sellers/courses', { token: seller, payload: { name: 'Curso 😀' } });
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect(await courseCount()).toBe(before + 1);
  });

  it('a 1 MB text is a 413 that names the limit, not a 500', async () => {
    const res = await call(t.app, 'POST', '/api/sellers/courses', { token: await tokenFor('seller'), payload: { name: MB } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: MSG.bodyTooLarge(1024 * 1024) });
  });
});

describe('the contract fuzz', () => {
  it('no route answers a 5xx to hostile values in any parameter', async () => {
    const rng = random(SEED);
    const failures: Failure[] = [];
    let calls = 0;
    const statuses = new Map<number, number>();
    const baselines = new Map<number, number>();
    for (const route of ALL_ROUTES as readonly RouteContract[]) {
      const caller = callerOf(route, rng);
      baselineId = process.env.FUZZ_ID ? Number(process.env.FUZZ_ID) : rng() < 0.5 ? DEMO_ID : NOWHERE_ID;
      // An earlier call may have revoked them (a new key, a sign-out): each route that needs them gets fresh ones.
      if (isStudentRoute(route) || isLmsKeyRoute(route)) await renewCredentials();
      for (const attempt of attemptsOf(route, rng)) {
        calls++;
        const res = await send(attempt, caller);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (attempt.what === 'baseline') baselines.set(res.statusCode, (baselines.get(res.statusCode) ?? 0) + 1);
        if (attempt.what === 'baseline' && process.env.FUZZ_DEBUG) console.info('baseline', res.statusCode, label(route), attempt.url, attempt.payload, res.body.slice(0, 200));
        if (res.statusCode >= 500 && !notConfigured(res)) {
          const payload = attempt.payload === undefined ? '' : Buffer.isBuffer(attempt.payload) ? `<${attempt.payload.length} bytes>` : short(attempt.payload);
          failures.push({ route: label(route), what: attempt.what, url: short(attempt.url, 200), payload, status: res.statusCode, body: short(res.body, 200) });
        }
      }
    }
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
    console.info(`contract fuzz: ${calls} calls over ${ALL_ROUTES.length} routes (${byStatus}), ${failures.length} answered 5xx`);
    const report = failures.map((f) => `${f.status} ${f.route} — ${f.what}\n    ${f.url}\n    ${f.payload}\n    → ${f.body}`).join('\n');
    expect(failures.length, `${failures.length} calls answered 5xx:\n${report}`).toBe(0);
  }, 600_000);
});
