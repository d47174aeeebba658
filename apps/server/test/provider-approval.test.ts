/**
 * Only an approved provider's units reach the staff's queue. A provider under analysis (and its editors) may author
 * drafts — create, save, trash — but sending for analysis (draft → send), sending a correction back (correction →
 * analyze) and a new version of a published unit are refused with 403 PROVIDER_NOT_APPROVED and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIFECYCLE_MSG } from '@edu/shared/unit-lifecycle';
import type { OwnUnitsResponse, UnitContent } from '@edu/shared/units';
import { providers, users } from '../src/db/schema';
import { call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { buildUnitPayload } from './factories';

describe('sending units to analysis needs an approved provider', () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let demoProviderId: number;
  let exatas: number;

  const req = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => call(t.app, method, `/api${url}`, { token: tok[who], payload });
  const unitNamed = async (who: string, title: string) => {
    const list = (await req(who, 'GET', `/items/item/content/provider?title=${encodeURIComponent(title)}`)).json() as OwnUnitsResponse;
    return list.content.find((u) => u.title === title)!;
  };
  const statusOf = async (id: number) => ((await req('admin', 'GET', `/items/item/content/find/${id}`)).json() as UnitContent).status;
  const staffQueue = async () => ((await req('admin', 'GET', '/items/item/content/new')).json() as { content: { id: number }[] }).content.map((u) => u.id);
  const setProviderStatus = (status: string) => t.deps.db.update(providers).set({ status }).where(eq(providers.id, demoProviderId));
  const expectRefused = (res: Awaited<ReturnType<typeof req>>) => {
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PROVIDER_NOT_APPROVED', message: LIFECYCLE_MSG.providerNotApproved });
  };
  const complete = (title: string) => buildUnitPayload(exatas, { title });

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['provider', 'editor', 'provider.analise', 'admin']) tok[who] = await signIn(t.app, who);
    const [owner] = await t.deps.db.select({ providerId: users.providerId }).from(users).where(eq(users.email, demoEmail('provider')));
    demoProviderId = owner!.providerId!;
    const areas = (await req('provider', 'GET', '/items/knowledge/find')).json() as { id: number; title: string }[];
    exatas = areas.find((a) => a.title === 'Ciências Exatas e da Terra')!.id;
  });
  afterAll(async () => t?.close());

  it('the demo provider under analysis creates, saves and trashes drafts, but cannot send one', async () => {
    const created = await req('provider.analise', 'POST', '/items/item/content/create', complete('Citologia'));
    expect(created.statusCode, created.body).toBe(200);
    const unit = created.json() as UnitContent;
    const saved = await req('provider.analise', 'PUT', '/items/item/content/update', { ...complete('Citologia: a célula'), id: unit.id, revision: unit.revision });
    expect(saved.statusCode, saved.body).toBe(200);

    expectRefused(await req('provider.analise', 'PUT', '/items/item/content/status/', { ids: [unit.id], status: 'send' }));
    expect(await statusOf(unit.id)).toBe('draft');
    expect(await staffQueue()).not.toContain(unit.id);

    const trashed = await req('provider.analise', 'PUT', '/items/item/content/status/', { ids: [unit.id], status: 'deleted' });
    expect(trashed.statusCode, trashed.body).toBe(200);
  });

  it('a provider no longer approved: neither the provider nor its editor sends, re-sends a correction or sends a new version', async () => {
    const draft = await unitNamed('provider', 'Progressões aritméticas');
    const correction = await unitNamed('provider', 'Estatística descritiva');
    const published = await unitNamed('provider', 'Funções do 1º grau: conceitos e aplicações');
    expect([draft.status, correction.status, published.status]).toEqual(['draft', 'correction', 'publish']);
    const queueBefore = await staffQueue();
    // No route puts an approved provider back into analysis; the row is what the check reads.
    await setProviderStatus('review');
    try {
      for (const who of ['provider', 'editor']) {
        expectRefused(await req(who, 'PUT', '/items/item/content/status/', { ids: [draft.id], status: 'send' }));
        expectRefused(await req(who, 'PUT', '/items/item/content/status/', { ids: [correction.id], status: 'analyze' }));
      }
      const full = (await req('provider', 'GET', `/items/item/content/find/${published.id}`)).json() as UnitContent;
      const update = await req('editor', 'PUT', '/items/item/content/update', {
        title: full.title,
        authors: full.authors,
        introduction: full.introduction,
        learningObjectives: full.learningObjectives,
        synthesis: '<p>Síntese revista.</p>',
        bibliographicReference: full.bibliographicReference,
        knowledges: full.knowledges.map((k) => k.id),
        levelOfLearning: full.levelOfLearning,
        topics: full.topics,
        id: full.id,
        revision: full.revision,
        updateMessage: 'Revisão da síntese',
      });
      expectRefused(update);
      expect([await statusOf(draft.id), await statusOf(correction.id), await statusOf(published.id)]).toEqual(['draft', 'correction', 'publish']);
      const versions = (await req('provider', 'GET', `/items/item/find/versions?itemId=${full.itemId}`)).json() as unknown[];
      expect(versions).toHaveLength(1);
      expect(await staffQueue()).toEqual(queueBefore);
    } finally {
      await setProviderStatus('active');
    }

    // Approved again: the same draft goes to the staff's queue.
    const sent = await req('editor', 'PUT', '/items/item/content/status/', { ids: [draft.id], status: 'send' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await statusOf(draft.id)).toBe('send');
    expect(await staffQueue()).toContain(draft.id);
  });
});
