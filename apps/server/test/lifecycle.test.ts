/**
 * The unit lifecycle on the server: only modules/units/lifecycle.ts writes a unit version's
 * status or the item's published version; publishing emits exactly one domain event in the same
 * transaction (none when the transaction rolls back); subscribers receive it after the commit.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { itemContents, items } from '../src/db/schema';
import { unitLifecycle, type UnitDomainEvent } from '../src/modules/units/lifecycle';
import { domainEvents } from '../src/platform/domain-events';
import { QUEUES } from '../src/platform/jobs';
import { authHeader, createTestApp, signIn, type TestApp } from './harness';
import { SRC, writersOutside, writesIn, writesInFile, type WriteScan } from './source-scan';

/** The writers the scan accepts: the lifecycle itself, and the demo seed (fixture rows, not lifecycle events). */
const ALLOWED = ['modules/units/lifecycle.ts', 'demo/'];

/** Writes of a unit's status or published version (Drizzle calls and raw SQL). */
const UNIT_STATUS: WriteScan = {
  tables: ['itemContents', 'items'],
  columns: /\bstatus\s*[:,}]|\bstatusBeforeDelete\b|\bpublishedContentId\b/,
  raw: /update\s+(item_contents|items)\s+set[^;`]*?(status|published_content_id)/gi,
};
export const statusWrites = (source: string): string[] => writesIn(UNIT_STATUS, source);

describe('only the lifecycle writes unit status', () => {
  it('the scan finds a status write when there is one (it can fail)', () => {
    expect(statusWrites("await tx.update(itemContents).set({ status: 'publish', revision: 2 }).where(eq(itemContents.id, 1));")).toHaveLength(1);
    expect(statusWrites('await tx.update(items).set({ publishedContentId: id }).where(eq(items.id, 1));')).toHaveLength(1);
    expect(statusWrites("await tx.insert(itemContents).values({ ...values, status: 'draft' }).returning();")).toHaveLength(1);
    expect(statusWrites("await db.execute(sql`update item_contents set status = 'publish' where id = 1`);")).toHaveLength(1);
    expect(statusWrites('await tx.update(itemContents).set({ revision: current.revision + 1 }).where(eq(itemContents.id, 1));')).toEqual([]);
  });

  it('no file of apps/server/src other than modules/units/lifecycle.ts writes item_contents.status or items.published_content_id', () => {
    const offenders = writersOutside(UNIT_STATUS, ALLOWED);
    expect(offenders).toEqual([]);
    // And the lifecycle does write them (the scan looks at the right thing).
    expect(writesInFile(UNIT_STATUS, 'modules/units/lifecycle.ts').length).toBeGreaterThan(0);
  });

  it('the reviews never write unit tables', () => {
    const dir = path.join(SRC, 'modules/reviews');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.tables.ts'));
    // The review services (reads, moves, comments, staff edits) are among the files scanned.
    expect(files).toEqual(expect.arrayContaining(['reviews.service.ts', 'review-moves.ts', 'review-edits.ts']));
    for (const file of files) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/\.(update|insert|delete)\(\s*(itemContents|items)\s*\)/);
    }
  });
});

describe('unit events', () => {
  let t: TestApp;
  let provider: string;
  let admin: string;
  let exatas: number;

  const req = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: authHeader(token), ...(payload ? { payload } : {}) });

  async function sentUnit(title: string): Promise<number> {
    const created = await req(provider, 'POST', '/items/item/content/create', {
      title,
      authors: ['Ana'],
      introduction: '<p>Introdução</p>',
      learningObjectives: ['Objetivo'],
      synthesis: '<p>Síntese</p>',
      bibliographicReference: ['Referência'],
      knowledges: [exatas],
      levelOfLearning: ['Graduação'],
      topics: [{ title: 'Tópico', content: '<p>Texto</p>' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ id: number }>().id;
    const sent = await req(provider, 'PUT', '/items/item/content/status/', { ids: [id], status: 'send' });
    expect(sent.statusCode, sent.body).toBe(200);
    return id;
  }

  async function eventJobs(contentId: number): Promise<UnitDomainEvent[]> {
    const result = await t.deps.db.execute(sql`select data from pgboss.job where name = ${QUEUES.domainEvents} and (data->>'contentId')::int = ${contentId}`);
    return (result as unknown as { rows: { data: UnitDomainEvent }[] }).rows.map((r) => r.data);
  }

  beforeAll(async () => {
    t = await createTestApp();
    provider = await signIn(t.app, 'provider');
    admin = await signIn(t.app, 'admin');
    const areas = (await req(provider, 'GET', '/items/knowledge/find')).json() as { id: number; title: string }[];
    exatas = areas.find((a) => a.title === 'Ciências Exatas e da Terra')!.id;
  });
  afterAll(async () => t?.close());

  it('a committed publication leaves exactly one unit.published job, delivered to subscribers after the commit', async () => {
    const received: UnitDomainEvent[] = [];
    const events = domainEvents(t.deps);
    events.after('unit.published', async (e) => {
      received.push(e);
    });
    await events.start();
    const id = await sentUnit('Evento de publicação');
    expect(await eventJobs(id)).toEqual([]);
    const published = await req(admin, 'PUT', `/items/item/update-item-version/${id}`);
    expect(published.statusCode, published.body).toBe(200);
    const [item] = await t.deps.db.select({ itemId: itemContents.itemId }).from(itemContents).where(eq(itemContents.id, id));
    const jobs = await eventJobs(id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ name: 'unit.published', contentId: id, itemId: item!.itemId, previousContentId: null, cause: 'publishVersion' });
    await vi.waitFor(() => expect(received.map((e) => e.contentId)).toContain(id), { timeout: 15_000, interval: 100 });
  });

  it("publishing a unit's next version names the version it replaces", async () => {
    const v1 = await sentUnit('Segunda versão');
    expect((await req(admin, 'PUT', `/items/item/update-item-version/${v1}`)).statusCode).toBe(200);
    const current = (await req(provider, 'GET', `/items/item/content/find/${v1}`)).json<Record<string, unknown> & { revision: number; knowledges: { id: number }[] }>();
    const updated = await req(provider, 'PUT', '/items/item/content/update', {
      id: v1,
      revision: current.revision,
      title: 'Segunda versão',
      authors: ['Ana'],
      introduction: '<p>Introdução</p>',
      learningObjectives: ['Objetivo'],
      synthesis: '<p>Síntese nova</p>',
      bibliographicReference: ['Referência'],
      knowledges: [exatas],
      levelOfLearning: ['Graduação'],
      topics: [{ title: 'Tópico', content: '<p>Texto</p>' }],
      updateMessage: 'Síntese revista',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const v2 = updated.json<{ id: number; status: string }>();
    expect(v2.status).toBe('send');
    expect(await eventJobs(v2.id)).toEqual([]);
    expect((await req(admin, 'PUT', `/items/item/update-item-version/${v2.id}`)).statusCode).toBe(200);
    const jobs = await eventJobs(v2.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ name: 'unit.published', contentId: v2.id, previousContentId: v1 });
    // The first version keeps its status and stays readable; only the pointer moved.
    expect((await req(provider, 'GET', `/items/item/content/find/${v1}`)).json()).toMatchObject({ status: 'publish', publishedContentId: v2.id });
  });

  it('a rolled-back transaction leaves neither the status nor the event', async () => {
    const id = await sentUnit('Publicação desfeita');
    const lifecycle = unitLifecycle(t.deps);
    await expect(
      t.deps.db.transaction(async (tx) => {
        await lifecycle.transition(tx, id, 'publishVersion', { id: 1 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const [row] = await t.deps.db
      .select({ status: itemContents.status, published: items.publishedContentId })
      .from(itemContents)
      .innerJoin(items, eq(items.id, itemContents.itemId))
      .where(eq(itemContents.id, id));
    expect(row).toEqual({ status: 'send', published: null });
    expect(await eventJobs(id)).toEqual([]);
  });

  it('a refused event changes nothing and answers 409 in Portuguese', async () => {
    const id = await sentUnit('Evento recusado');
    // A sent unit is not in the trash: recovering it is refused by the table.
    const res = await req(provider, 'POST', `/items/item/content/recover/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOT_TRASHED', message: 'Esta unidade não está na lixeira.' });
    // A draft move the author may not make (send → draft): 409 naming both statuses.
    const back = await req(provider, 'PUT', '/items/item/content/status/', { ids: [id], status: 'deleted' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('Não é possível mudar o status de Enviado para Excluído.');
    expect(await eventJobs(id)).toEqual([]);
  });
});
