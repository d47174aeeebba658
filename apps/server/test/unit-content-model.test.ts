/**
 * The server side of the content-model test: THE table of cases (CONTENT_CASES, shared
 * with the contract's test and the studio's validation test) drives the API. For each case, a synthesis
 * saved on an existing unit is accepted exactly when the case is filled (else 400 with the spec's
 * message, and nothing changes), and a unit otherwise complete is sent for analysis exactly when its
 * synthesis is filled (else 400 'UNIT_INCOMPLETE').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockHtml, hasContent, textOf, UNIT_MSG } from '@edu/shared/content/unit-content';
import { CONTENT_CASES } from '@edu/shared/content/unit-content.fixtures';
import type { UnitContent } from '@edu/shared/units';
import { sanitizeUnitHtml } from '../src/platform/sanitize';
import { authHeader, createTestApp, signIn, type TestApp } from './harness';
import { buildUnitPayload } from './factories';

describe('the studio judges the editor HTML, the server the sanitized HTML: they agree', () => {
  const tricky = [
    '<p>a<!-- comentário --></p>',
    '<!-- só um comentário -->',
    '<section><button>OK</button></section>',
    '<object><p>x</p></object>',
    '<textarea>x</textarea><title>y</title><noscript>z</noscript>',
    '<p><img src="x" onerror="alert(1)"></p>',
    '<p><img src="/uploads/images/a.png" onerror="alert(1)"></p>',
    '<a href="javascript:alert(1)">link</a>',
    '<p><span style="color:red">&nbsp;</span></p>',
    `<div data-type='quote' data-subtype='' data-resource='{"content":"<p>Citação</p>"}'></div>`,
    '<div data-type="media" data-subtype="videoaula" data-resource="{}"></div>',
    '<pre>código</pre><pre class="latex other">x^2</pre>',
    '<ul><li></li><li> </li></ul>',
    '<p>&lt;script&gt;</p>',
    // A resource whose rich text is only markup the sanitizer drops, or empty paragraphs.
    blockHtml('warning', 'danger', { content: '<script>alert(1)</script>' }),
    blockHtml('quote', '', { content: '<p></p><p>&nbsp;</p>', label: 'Autor' }),
    blockHtml('question', '', { content: '<p><img src="/uploads/images/q.png"></p>', options: [{ id: 'a', title: 'Sim', description: 'Certo' }], right: 'a' }),
  ];
  it.each([...CONTENT_CASES.map((c) => c.html), ...tricky])('%s', (raw) => {
    const stored = sanitizeUnitHtml(raw);
    expect(hasContent(stored)).toBe(hasContent(raw));
    expect(textOf(stored)).toBe(textOf(raw));
  });
});

describe('one reading of unit content: the API judges a synthesis as the contract and the studio do', () => {
  let t: TestApp;
  let token: string;
  let exatas: number;

  const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: authHeader(token), ...(payload === undefined ? {} : { payload: payload as object }) });

  const complete = () => buildUnitPayload(exatas, { title: 'Unidade do modelo de conteúdo', topics: [{ title: 'Tópico', content: '<p>Texto</p>' }] });

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t.app, 'provider');
    const areas = (await req('GET', '/items/knowledge/find')).json() as { id: number; title: string }[];
    exatas = areas.find((a) => a.title === 'Ciências Exatas e da Terra')!.id;
  });
  afterAll(async () => t?.close());

  it.each(CONTENT_CASES)('synthesis $name → filled: $filled', async ({ html, filled }) => {
    // Saving an existing unit requires the synthesis (spec 2 §5).
    const draft = (await req('POST', '/items/item/content/create', complete())).json() as UnitContent;
    const saved = await req('PUT', '/items/item/content/update', { ...complete(), id: draft.id, revision: draft.revision, synthesis: html });
    if (filled) {
      expect(saved.statusCode, saved.body).toBe(200);
      expect((saved.json() as UnitContent).synthesis).not.toBe('');
    } else {
      expect(saved.statusCode).toBe(400);
      expect(saved.json()).toMatchObject({ message: UNIT_MSG.synthesisRequired, fields: { synthesis: UNIT_MSG.synthesisRequired } });
      const kept = (await req('GET', `/items/item/content/find/${draft.id}`)).json() as UnitContent;
      expect(kept).toMatchObject({ revision: draft.revision, synthesis: '<p>Síntese</p>' });
    }

    // Sending for analysis requires every field filled: a new unit carries the synthesis as is.
    const unit = (await req('POST', '/items/item/content/create', { ...complete(), synthesis: html })).json() as UnitContent;
    const sent = await req('PUT', '/items/item/content/status/', { ids: [unit.id], status: 'send' });
    if (filled) {
      expect(sent.statusCode, sent.body).toBe(200);
      expect(((await req('GET', `/items/item/content/find/${unit.id}`)).json() as UnitContent).status).toBe('send');
    } else {
      expect(sent.statusCode).toBe(400);
      expect(sent.json()).toMatchObject({ code: 'UNIT_INCOMPLETE', message: UNIT_MSG.incomplete });
    }
  });
});
