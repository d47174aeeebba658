import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { blockHtml, UNIT_MSG } from '@edu/shared/content/unit-content';
import type { OwnUnitsResponse, UnitContent } from '@edu/shared/units';
import { auditLogs } from '../src/platform/platform.tables';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../src/demo/seed';
import { authHeader, createTestApp, signIn, type TestApp } from './harness';
import { buildUnitPayload } from './factories';

describe('units: authoring, own list, status moves, versions, tags', () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let exatas: number;
  let matematicaBasic: number;

  const req = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: authHeader(tok[who]!), ...(payload === undefined ? {} : { payload: payload as object }) });

  const complete = () => buildUnitPayload(exatas, { authors: ['Ana Souza', '', '  '] });

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['provider', 'editor', 'provider.analise', 'serviceprovider', 'seller', 'client', 'curator', 'review', 'manager', 'admin']) {
      tok[who] = await signIn(t.app, who);
    }
    const areas = (await req('provider', 'GET', '/items/knowledge/find')).json() as { id: number; title: string; type: string }[];
    exatas = areas.find((a) => a.title === 'Ciências Exatas e da Terra')!.id;
    matematicaBasic = areas.find((a) => a.title === 'Matemática' && a.type === 'basic')!.id;
  });
  afterAll(async () => t?.close());

  it('creates a draft version 1, drops empty list entries, sanitizes HTML and records created_unity', async () => {
    const res = await req('provider', 'POST', '/items/item/content/create', {
      ...complete(),
      introduction: '<p onclick="x()">Olá<script>alert(1)</script></p><a href="javascript:alert(1)">link</a>',
      topics: [
        {
          title: 'Tópico',
          content:
            '<p>Texto</p>' +
            blockHtml('question', '', { content: '<p>2+2?</p>', options: [{ id: 'a', title: '4', description: 'Certo' }], right: 'a' }) +
            '<div data-type="malware" data-subtype="" data-resource="{}"></div>',
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const unit = res.json() as UnitContent;
    expect(unit).toMatchObject({ version: 1, status: 'draft', revision: 0, authors: ['Ana Souza'], learningType: 'university' });
    expect(unit.introduction).not.toMatch(/script|onclick|javascript/);
    expect(unit.introduction).toContain('Olá');
    expect(unit.topics[0]!.content).toContain('data-type="question"');
    expect(unit.topics[0]!.content).not.toContain('malware');
    expect(unit.knowledges).toEqual([{ id: exatas, title: 'Ciências Exatas e da Terra', type: 'university' }]);
    const [audit] = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'created_unity')).orderBy(desc(auditLogs.id)).limit(1);
    expect(audit?.data).toMatchObject({ itemContentId: unit.id });
  });

  it('refuses a unit without title with the spec message, and knowledge areas or levels of the other learning type', async () => {
    const noTitle = await req('provider', 'POST', '/items/item/content/create', { ...complete(), title: '  ' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toContain(UNIT_MSG.titleRequired);
    const wrongArea = await req('provider', 'POST', '/items/item/content/create', { ...complete(), knowledges: [matematicaBasic] });
    expect(wrongArea.statusCode).toBe(400);
    const wrongLevel = await req('provider', 'POST', '/items/item/content/create', { ...complete(), learningType: 'basic', knowledges: [matematicaBasic] });
    expect(wrongLevel.statusCode).toBe(400);
    const basic = await req('provider', 'POST', '/items/item/content/create', {
      ...complete(),
      learningType: 'basic',
      knowledges: [matematicaBasic],
      levelOfLearning: ['Ensino Médio'],
    });
    expect(basic.statusCode).toBe(200);
    expect(basic.json().learningType).toBe('basic');
  });

  it('lets only authors create; seller, client, staff and service-provider types are refused', async () => {
    for (const who of ['seller', 'client', 'curator', 'admin', 'serviceprovider']) {
      // The demo service provider signs in as serviceProvider.
      const res = await req(who, 'POST', '/items/item/content/create', complete());
      expect(res.statusCode, who).toBe(403);
    }
  });

  it("keeps providers apart: another provider's author gets 404; the provider's editor works on it", async () => {
    const unit = (await req('provider', 'POST', '/items/item/content/create', complete())).json() as UnitContent;
    expect((await req('provider.analise', 'GET', `/items/item/content/find/${unit.id}`)).statusCode).toBe(404);
    expect((await req('provider.analise', 'PUT', '/items/item/content/update', { ...complete(), id: unit.id, revision: 0 })).statusCode).toBe(404);
    expect((await req('provider.analise', 'PUT', '/items/item/content/status/', { ids: [unit.id], status: 'deleted' })).statusCode).toBe(404);
    expect((await req('provider.analise', 'GET', `/items/item/find/versions?itemId=${unit.itemId}`)).statusCode).toBe(404);
    expect((await req('seller', 'GET', `/items/item/content/find/${unit.id}`)).statusCode).toBe(403);
    // Staff read any unit.
    expect((await req('curator', 'GET', `/items/item/content/find/${unit.id}`)).statusCode).toBe(200);
    const edited = await req('editor', 'PUT', '/items/item/content/update', { ...complete(), id: unit.id, revision: 0, title: 'Química orgânica II' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Química orgânica II', revision: 1 });
  });

  it('answers 409 to a stale save and keeps the newer one whole', async () => {
    const unit = (await req('provider', 'POST', '/items/item/content/create', complete())).json() as UnitContent;
    const first = await req('provider', 'PUT', '/items/item/content/update', { ...complete(), id: unit.id, revision: 0, title: 'Aba 1', authors: ['A1'] });
    expect(first.statusCode).toBe(200);
    const stale = await req('provider', 'PUT', '/items/item/content/update', { ...complete(), id: unit.id, revision: 0, title: 'Aba 2', authors: ['A2'] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_UNIT');
    expect(stale.json().message).toMatch(/outra aba/);
    const now = (await req('provider', 'GET', `/items/item/content/find/${unit.id}`)).json() as UnitContent;
    expect(now).toMatchObject({ title: 'Aba 1', authors: ['A1'], revision: 1 });
  });

  it("saves a draft repeatedly as the studio's autosave does: the same content writes nothing, one audit entry per editing session", async () => {
    const unit = (await req('editor', 'POST', '/items/item/content/create', complete())).json() as UnitContent;
    const entries = async () =>
      (await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'updated_unity'))).filter((a) => (a.data as { itemContentId?: number }).itemContentId === unit.id);
    const save = (revision: number, title: string) => req('editor', 'PUT', '/items/item/content/update', { ...complete(), id: unit.id, revision, title });

    // The content as stored, saved again: the same unit answered, no new revision, nothing recorded.
    const same = await save(0, unit.title);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ id: unit.id, revision: 0, updatedAt: unit.updatedAt });
    expect(await entries()).toHaveLength(0);

    // Edits a few seconds apart: each is stored with its revision; the session is recorded once (its creation
    // counts as the session's entry, so the first update adds none either).
    let revision = 0;
    for (const title of ['Rascunho 1', 'Rascunho 2', 'Rascunho 3']) {
      const res = await save(revision, title);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title, revision: revision + 1 });
      revision += 1;
    }
    expect(await entries()).toHaveLength(0);

    // Another author of the provider editing the same draft is recorded.
    const other = await req('provider', 'PUT', '/items/item/content/update', { ...complete(), id: unit.id, revision, title: 'Rascunho da fornecedora' });
    expect(other.statusCode).toBe(200);
    expect((await entries()).map((a) => a.userId)).toHaveLength(1);
  });

  it('requires the synthesis when saving an existing unit', async () => {
    const unit = (await req('provider', 'POST', '/items/item/content/create', { title: 'Só título' })).json() as UnitContent;
    const res = await req('provider', 'PUT', '/items/item/content/update', { title: 'Só título', id: unit.id, revision: 0, synthesis: '<p> </p>' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(UNIT_MSG.synthesisRequired);
    // A synthesis that is only markup the sanitizer removes counts as empty.
    const scripted = await req('provider', 'PUT', '/items/item/content/update', { title: 'Só título', id: unit.id, revision: 0, synthesis: '<script>x</script>' });
    expect(scripted.statusCode).toBe(400);
    expect(scripted.json().message).toBe(UNIT_MSG.synthesisRequired);
  });

  it('sends only complete drafts for analysis, then locks them; moves outside the state table are refused', async () => {
    const partial = (await req('provider', 'POST', '/items/item/content/create', { title: 'Incompleta' })).json() as UnitContent;
    const refused = await req('provider', 'PUT', '/items/item/content/status/', { ids: [partial.id], status: 'send' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(UNIT_MSG.incomplete);

    const unit = (await req('provider', 'POST', '/items/item/content/create', complete())).json() as UnitContent;
    const sent = await req('provider', 'PUT', '/items/item/content/status/', { ids: [unit.id], status: 'send' });
    expect(sent.statusCode).toBe(200);
    expect((await req('provider', 'GET', `/items/item/content/find/${unit.id}`)).json().status).toBe('send');
    const locked = await req('provider', 'PUT', '/items/item/content/update', { ...complete(), id: unit.id, revision: 1 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('UNIT_LOCKED');
    // An author cannot publish, nor trash a unit under analysis.
    for (const status of ['publish', 'deleted', 'draft']) {
      expect((await req('provider', 'PUT', '/items/item/content/status/', { ids: [unit.id], status })).statusCode, status).toBe(409);
    }
    expect((await req('provider', 'PUT', '/items/item/content/status/', { ids: [unit.id], status: 'bogus' })).statusCode).toBe(400);
  });

  it('trashes drafts (bulk, all or nothing) and recovers them', async () => {
    const a = (await req('provider', 'POST', '/items/item/content/create', { title: 'Lixo A' })).json() as UnitContent;
    const b = (await req('provider', 'POST', '/items/item/content/create', { title: 'Lixo B' })).json() as UnitContent;
    const sent = (await req('provider', 'POST', '/items/item/content/create', complete())).json() as UnitContent;
    await req('provider', 'PUT', '/items/item/content/status/', { ids: [sent.id], status: 'send' });
    // One unit that may not be trashed: nothing changes.
    const mixed = await req('provider', 'PUT', '/items/item/content/status/', { ids: [a.id, sent.id], status: 'deleted' });
    expect(mixed.statusCode).toBe(409);
    expect((await req('provider', 'GET', `/items/item/content/find/${a.id}`)).json().status).toBe('draft');

    expect((await req('provider', 'PUT', '/items/item/content/status/', { ids: [a.id, b.id], status: 'deleted' })).statusCode).toBe(200);
    const trash = (await req('provider', 'GET', '/items/item/content/provider?statusItemContent=deleted&title=lixo')).json() as OwnUnitsResponse;
    expect(trash.content.map((r) => r.title).sort()).toEqual(['Lixo A', 'Lixo B']);
    const regular = (await req('provider', 'GET', '/items/item/content/provider?title=lixo')).json() as OwnUnitsResponse;
    expect(regular.total).toBe(0);

    expect((await req('provider.analise', 'POST', `/items/item/content/recover/${a.id}`)).statusCode).toBe(404);
    const recovered = await req('provider', 'POST', `/items/item/content/recover/${a.id}`);
    expect(recovered.json()).toEqual({ id: a.id, status: 'draft' });
    expect((await req('provider', 'POST', `/items/item/content/recover/${a.id}`)).statusCode).toBe(409);
    const [audit] = await t.deps.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'recovered_unity')))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit?.data).toMatchObject({ itemContentId: a.id });
    const moved = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'chaged_unity_status'));
    expect(moved.length).toBeGreaterThanOrEqual(3);
  });

  it('lists own units: 20 per page, counts per chip, accent-insensitive search, area filter, A-Z and recent', async () => {
    const list = (await req('provider', 'GET', '/items/item/content/provider')).json() as OwnUnitsResponse;
    expect(list.content.length).toBeLessThanOrEqual(20);
    expect(list.counts.all).toBe(list.total);
    expect(list.counts.publish).toBeGreaterThanOrEqual(1);
    expect(list.counts.correction).toBeGreaterThanOrEqual(1);
    expect(list.counts.reproved).toBeGreaterThanOrEqual(1);
    const titles = list.content.map((r) => r.title);
    expect(titles).toEqual([...titles].sort((x, y) => x.localeCompare(y, 'pt-BR', { sensitivity: 'base' })));

    const search = (await req('provider', 'GET', '/items/item/content/provider?title=FUNCOES')).json() as OwnUnitsResponse;
    expect(search.content.map((r) => r.title)).toEqual([DEMO_PUBLISHED_UNIT_TITLE]);
    const byArea = (await req('provider', 'GET', `/items/item/content/provider?knowledges=${matematicaBasic}`)).json() as OwnUnitsResponse;
    expect(byArea.content.every((r) => r.knowledges.some((k) => k.id === matematicaBasic))).toBe(true);
    const drafts = (await req('provider', 'GET', '/items/item/content/provider?statusItemContent=draft&order=recent')).json() as OwnUnitsResponse;
    expect(drafts.content.every((r) => r.status === 'draft')).toBe(true);
    const dates = drafts.content.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());

    // Pagination: 25 more units → page 2 holds the rest.
    for (let i = 0; i < 25; i++) await req('editor', 'POST', '/items/item/content/create', { title: `Paginação ${String(i).padStart(2, '0')}` });
    const p1 = (await req('provider', 'GET', '/items/item/content/provider?title=pagina%C3%A7%C3%A3o')).json() as OwnUnitsResponse;
    const p2 = (await req('provider', 'GET', '/items/item/content/provider?title=paginacao&page=2')).json() as OwnUnitsResponse;
    expect([p1.content.length, p2.content.length, p1.total]).toEqual([20, 5, 25]);
    // Another provider sees none of these.
    const other = (await req('provider.analise', 'GET', '/items/item/content/provider')).json() as OwnUnitsResponse;
    expect(other.content.some((r) => r.title.startsWith('Paginação'))).toBe(false);
    expect((await req('curator', 'GET', '/items/item/content/provider')).statusCode).toBe(403);
    expect((await req('provider', 'GET', '/items/item/content/provider?statusItemContent=publish2')).statusCode).toBe(400);
  });

  it('updates a published unit through a new version in analysis while the published one stays available', async () => {
    const list = (await req('provider', 'GET', `/items/item/content/provider?title=${encodeURIComponent('Funções do 1º grau')}`)).json() as OwnUnitsResponse;
    const published = (await req('provider', 'GET', `/items/item/content/find/${list.content[0]!.id}`)).json() as UnitContent;
    expect(published.status).toBe('publish');
    expect(published.publishedContentId).toBe(published.id);
    const body = {
      title: published.title,
      authors: published.authors,
      introduction: published.introduction,
      learningObjectives: published.learningObjectives,
      synthesis: '<p>Síntese revista.</p>',
      bibliographicReference: published.bibliographicReference,
      knowledges: published.knowledges.map((k) => k.id),
      levelOfLearning: published.levelOfLearning,
      topics: published.topics,
      id: published.id,
      revision: published.revision,
    };
    const noReason = await req('provider', 'PUT', '/items/item/content/update', body);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(UNIT_MSG.updateMessageRequired);

    // The new version goes to analysis: it must be complete.
    const incomplete = await req('provider', 'PUT', '/items/item/content/update', { ...body, authors: [], updateMessage: 'Sem autores' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toBe(UNIT_MSG.incomplete);

    const res = await req('provider', 'PUT', '/items/item/content/update', { ...body, updateMessage: 'Revisão da síntese' });
    expect(res.statusCode).toBe(200);
    const v2 = res.json() as UnitContent;
    expect(v2).toMatchObject({ itemId: published.itemId, version: 2, status: 'send', updateMessage: 'Revisão da síntese', publishedContentId: published.id });
    expect(v2.id).not.toBe(published.id);
    // The published version is untouched (its content), still published.
    const still = (await req('provider', 'GET', `/items/item/content/find/${published.id}`)).json() as UnitContent;
    expect(still).toMatchObject({ status: 'publish', synthesis: published.synthesis });
    // The list shows the newer version, marked as updating and counted in analysis.
    const row = ((await req('provider', 'GET', `/items/item/content/provider?title=${encodeURIComponent('Funções do 1º grau')}`)).json() as OwnUnitsResponse).content[0]!;
    expect(row).toMatchObject({ id: v2.id, version: 2, status: 'send', updating: true });
    const versions = (await req('provider', 'GET', `/items/item/find/versions?itemId=${published.itemId}`)).json() as { id: number; version: number; published: boolean }[];
    expect(versions.map((v) => [v.version, v.published])).toEqual([
      [2, false],
      [1, true],
    ]);
    // A second update while one is under way is refused.
    const again = await req('provider', 'PUT', '/items/item/content/update', { ...body, revision: published.revision + 1, updateMessage: 'Outra' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('UPDATE_PENDING');

    // Only managers make a version the published one, and only a version awaiting approval.
    const draft = (await req('provider', 'POST', '/items/item/content/create', complete())).json() as UnitContent;
    expect((await req('manager', 'PUT', `/items/item/update-item-version/${draft.id}`)).statusCode).toBe(409);
    expect((await req('provider', 'PUT', `/items/item/update-item-version/${v2.id}`)).statusCode).toBe(403);
    expect((await req('curator', 'PUT', `/items/item/update-item-version/${v2.id}`)).statusCode).toBe(403);
    const pub = await req('manager', 'PUT', `/items/item/update-item-version/${v2.id}`);
    expect(pub.json()).toEqual({ itemId: published.itemId, publishedContentId: v2.id });
    const now = (await req('provider', 'GET', `/items/item/content/find/${v2.id}`)).json() as UnitContent;
    expect(now).toMatchObject({ status: 'publish', publishedContentId: v2.id });
  });

  it('edits a reproved unit back into a draft', async () => {
    const list = (await req('provider', 'GET', '/items/item/content/provider?statusItemContent=reproved')).json() as OwnUnitsResponse;
    const reproved = (await req('provider', 'GET', `/items/item/content/find/${list.content[0]!.id}`)).json() as UnitContent;
    const res = await req('provider', 'PUT', '/items/item/content/update', {
      title: reproved.title,
      synthesis: reproved.synthesis,
      id: reproved.id,
      revision: reproved.revision,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('draft');
  });

  it('tags: staff search, only curator and admin create, attach and detach', async () => {
    const unit = (await req('provider', 'POST', '/items/item/content/create', complete())).json() as UnitContent;
    for (const who of ['review', 'manager', 'provider']) {
      expect((await req(who, 'POST', '/items/tag', { names: ['Álgebra'] })).statusCode, who).toBe(403);
    }
    const created = await req('curator', 'POST', '/items/tag', { names: ['Álgebra', 'álgebra', 'Funções'] });
    expect(created.statusCode).toBe(200);
    const tags = created.json() as { id: number; name: string }[];
    expect(tags.map((x) => x.name).sort()).toEqual(['Funções', 'Álgebra']);
    // Creating an existing name answers the existing tag.
    const again = (await req('admin', 'POST', '/items/tag', { names: ['ÁLGEBRA'] })).json() as { id: number }[];
    expect(again[0]!.id).toBe(tags.find((x) => x.name === 'Álgebra')!.id);

    const found = (await req('review', 'GET', '/items/tag?tagName=algeb')).json() as { name: string }[];
    expect(found.map((x) => x.name)).toEqual(['Álgebra']);
    expect((await req('provider', 'GET', '/items/tag?tagName=a')).statusCode).toBe(403);

    expect((await req('review', 'PUT', '/items/tag', { tagIds: [tags[0]!.id], itemContent: unit.id })).statusCode).toBe(403);
    const attached = await req('curator', 'PUT', '/items/tag', { tagIds: tags.map((x) => x.id), itemContent: unit.id });
    expect(attached.json()).toHaveLength(2);
    expect((await req('curator', 'PUT', '/items/tag', { tagIds: [999999], itemContent: unit.id })).statusCode).toBe(400);
    const unitTags = (await req('provider', 'GET', `/items/item/content/find/${unit.id}`)).json().tags as { name: string }[];
    expect(unitTags.map((x) => x.name).sort()).toEqual(['Funções', 'Álgebra']);
    const detached = await req('admin', 'DELETE', `/items/tag/${unit.id}?tagId=${tags[0]!.id}`);
    expect(detached.json()).toHaveLength(1);
  });
});
