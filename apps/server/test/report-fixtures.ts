/**
 * Fixtures of the report tests (access-report, unit-access-report, units-report): published units, providers and
 * institutions with their user, recorded accesses, the sign-ins of a file, a query's values as strings, and the
 * checks every report CSV passes (200, text/csv, the attachment's name, the UTF-8 BOM).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { recordAccess } from '../src/modules/reports/access-events';
import { itemContents, items, knowledgeAreas } from '../src/db/schema';
import { DEMO_PASSWORD, signIn, type TestApp } from './harness';
import { buildInstitution, buildPlan, buildProvider, buildUnit, buildUser } from './factories';

type Db = TestApp['deps']['db'];

/** What an access names of the unit opened. */
export type ReportUnit = { itemId: number; itemContentId: number; providerId: number };

/**
 * A published unit of `providerId` (the fixture writes the version directly), with the version's other `values`;
 * `publishedAt` overrides the publication time the database keeps.
 */
export async function publishedUnit(db: Db, providerId: number, title: string, values: Partial<typeof itemContents.$inferInsert> = {}, publishedAt?: string): Promise<ReportUnit> {
  const { itemId, contentId } = await buildUnit(db, providerId, { title, ...values, status: 'publish' });
  if (publishedAt) await db.update(items).set({ publishedAt: new Date(publishedAt) }).where(eq(items.id, itemId));
  return { itemId, itemContentId: contentId, providerId };
}

/** An active content provider (`name` defaults to the company's), and its user of type provider when `user` is given. */
export async function reportProvider(db: Db, p: { companyName: string; name?: string; email: string; user?: { name: string; email: string } }) {
  const id = await buildProvider(db, { companyName: p.companyName, name: p.name ?? p.companyName, email: p.email, condition: 'basic' });
  if (p.user) await buildUser(db, { ...p.user, password: DEMO_PASSWORD, type: 'provider', providerId: id });
  return id;
}

/** An active institution, with its own plan of `maxRent` students and its user of type seller when they are given. */
export async function reportInstitution(db: Db, name: string, opts: { maxRent?: number; userEmail?: string } = {}) {
  const planId = opts.maxRent === undefined ? null : await buildPlan(db, { name: `Plano ${name}`, minRent: 0, maxRent: opts.maxRent });
  const cnpj = String(10_000_000_000_000 + Math.floor(Math.random() * 1e12));
  const sellerId = await buildInstitution(db, { name, cnpj, planId, status: 'active', acceptedTerms: true, acceptedLatePaymentTerms: true });
  if (opts.userEmail) await buildUser(db, { name: `Usuária ${name}`, email: opts.userEmail, password: DEMO_PASSWORD, type: 'seller', sellerId });
  return sellerId;
}

/** A student of `sellerId` opens `unit` at `iso`. */
export const openUnit = (db: Db, sellerId: number, studentId: string, unit: ReportUnit, iso: string) =>
  recordAccess(db, { sellerId, studentId, ...unit, occurredAt: new Date(iso) });

/** The ids of university knowledge areas by title. */
export async function universityAreaIds<T extends string>(db: Db, titles: readonly T[]): Promise<Record<T, number>> {
  const rows = await db
    .select()
    .from(knowledgeAreas)
    .where(and(eq(knowledgeAreas.type, 'university'), inArray(knowledgeAreas.title, [...titles])));
  return Object.fromEntries(titles.map((title) => [title, rows.find((a) => a.title === title)!.id])) as Record<T, number>;
}

/** Signs in every login (a demo account's local part or an e-mail) under its key: the tokens by key. */
export async function signInAll<K extends string>(app: FastifyInstance, logins: readonly (readonly [K, string])[]): Promise<Record<K, string>> {
  const tokens = {} as Record<K, string>;
  for (const [key, login] of logins) tokens[key] = await signIn(app, login);
  return tokens;
}

/** A query's values as the strings of a URL. */
export const queryOf = (query: Record<string, string | number>) => Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));

/**
 * A report's CSV answered as an attachment named `fileName` (`asciiName`: the plain fallback of a name with accents):
 * 200, text/csv in UTF-8 with the BOM; answers the text after the BOM.
 */
export function csvText(res: LightMyRequestResponse, fileName: string, asciiName = fileName) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return res.rawPayload.subarray(3).toString('utf8');
}

/** The data lines of a CSV answer (after the BOM and the header, without the last line's end). */
export const csvRows = (res: LightMyRequestResponse) => res.rawPayload.subarray(3).toString('utf8').split('\r\n').slice(1, -1);

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
