/**
 * THE reading of unit content: the parser of stored HTML (html-document.ts) and the
 * unit-level questions asked of it (unit-content.ts). The table CONTENT_CASES drives this test, the
 * studio's validation test (web) and the API test (server), so the three sides judge a field alike.
 */
import { describe, expect, it } from 'vitest';
import { decodeEntities, parseHtml, toHtml, type HtmlNode } from './html-document';
import { htmlToText } from './html-text';
import { CONTENT_CASES, SAMPLE_RESOURCES, sampleBlockHtml } from './unit-content.fixtures';
import { unitUpdateBody } from '../units';
import { blockHtml, hasContent, isEmptyContent, isUnitComplete, resourcesOf, textOf, UNIT_MSG, unitSegments } from './unit-content';

describe('isEmptyContent: one table of cases', () => {
  it.each(CONTENT_CASES)('$name → filled: $filled', ({ html, filled }) => {
    expect(isEmptyContent(html)).toBe(!filled);
    expect(hasContent(html)).toBe(filled);
    // The same rule decides whether a unit is complete enough to be sent for analysis.
    const unit = {
      authors: ['Ana'],
      bibliographicReference: ['Ref.'],
      learningObjectives: ['Objetivo'],
      levelOfLearning: ['Graduação'],
      knowledges: [1],
      introduction: '<p>Introdução</p>',
      synthesis: html,
    };
    expect(isUnitComplete(unit)).toBe(filled);
    expect(isUnitComplete({ ...unit, introduction: html, synthesis: '<p>Síntese</p>' })).toBe(filled);
    // And the contract of a save: the synthesis of an update is required.
    const body = unitUpdateBody.safeParse({ id: 1, revision: 0, title: 'T', synthesis: html });
    expect(body.success).toBe(filled);
    if (!body.success) expect(body.error.issues.map((i) => i.message)).toEqual([UNIT_MSG.synthesisRequired]);
  });
});

describe('parseHtml: a typed document, no DOM', () => {
  it('reads text, elements, images, Latex and resource blocks', () => {
    const nodes = parseHtml(
      `<h2 style="text-align: center">Título</h2><p>Olá <strong>mundo</strong><br><img src="/uploads/images/a.png" alt="A"></p><pre class="latex">\\frac{1}{2}</pre>${sampleBlockHtml('videoaula')}`,
    );
    expect(nodes.map((n) => n.type)).toEqual(['element', 'element', 'latex', 'block']);
    expect(nodes[0]).toEqual({ type: 'element', tag: 'h2', attrs: { style: 'text-align: center' }, children: [{ type: 'text', text: 'Título' }] });
    const p = nodes[1] as Extract<HtmlNode, { type: 'element' }>;
    expect(p.children.map((c) => c.type)).toEqual(['text', 'element', 'element', 'image']);
    expect(p.children[3]).toMatchObject({ type: 'image', src: '/uploads/images/a.png', alt: 'A' });
    expect(nodes[2]).toMatchObject({ type: 'latex', tex: '\\frac{1}{2}' });
    expect(nodes[3]).toMatchObject({ type: 'block', blockType: 'media', subtype: 'videoaula', json: JSON.stringify(SAMPLE_RESOURCES.videoaula) });
  });

  it('is tolerant: unquoted and single-quoted attributes, missing and stray end tags, comments, a lone <', () => {
    const nodes = parseHtml(`<!-- c --><P CLASS=x title='a "b"'>um < dois</span><p>três<img src=/uploads/images/b.png>`);
    expect(nodes).toEqual([
      { type: 'element', tag: 'p', attrs: { class: 'x', title: 'a "b"' }, children: [{ type: 'text', text: 'um < dois' }] },
      { type: 'element', tag: 'p', attrs: {}, children: [{ type: 'text', text: 'três' }, { type: 'image', src: '/uploads/images/b.png', alt: '', attrs: { src: '/uploads/images/b.png' } }] },
    ]);
    // A tag cut by the end of the input is no tag.
    expect(parseHtml('<p>a</p><img src="x')).toEqual([{ type: 'element', tag: 'p', attrs: {}, children: [{ type: 'text', text: 'a' }] }]);
  });

  it('never reads the insides of script, style, iframe, object, template, nor of a resource block', () => {
    const html = `<p>a</p><script>if (1 < 2) x("</p>")</script><style>p{}</style><iframe src="https://x.com"><p>b</p></iframe><object><p>c</p></object><template><p>c</p></template><div data-type="quote" data-subtype="" data-resource="{}"><p>d</p></div><p>e</p>`;
    expect(textOf(html)).toBe('a\ne');
    expect(htmlToText(html)).toBe('a e');
    // Other unknown elements keep their text, as the sanitizer keeps it.
    expect(textOf('<section><button>OK</button></section>')).toBe('OK');
  });

  it('holds up against hostile input: deep nesting, huge input, names of Object.prototype', () => {
    const deep = `${'<b>'.repeat(200_000)}x${'</b>'.repeat(200_000)}`;
    expect(hasContent(deep)).toBe(true);
    expect(textOf(deep)).toBe('x');
    expect(isEmptyContent(`${'<p>'.repeat(100_000)}&nbsp;`)).toBe(true);
    // 1 MB (the body limit) of text, or of markup built to make a parser scan back or nest deep: linear time.
    const started = performance.now();
    expect(hasContent('<p>Texto &amp; mais texto com <strong>negrito</strong>.</p>'.repeat(18_000))).toBe(true);
    expect(hasContent(`<p><button>${'<i>'.repeat(600)}${'<div>'.repeat(200_000)}`)).toBe(false);
    expect(hasContent(`<u>${'<i>'.repeat(600)}${'</u><u>'.repeat(140_000)}`)).toBe(false);
    expect(hasContent('<div data-type="x">'.repeat(50_000))).toBe(false);
    expect(hasContent('<'.repeat(1_000_000))).toBe(true);
    expect(hasContent('</x>'.repeat(250_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(8000); // quadratic would take minutes
    expect(decodeEntities('&constructor; &__proto__; &toString;')).toBe('&constructor; &__proto__; &toString;');
    const p = parseHtml('<p constructor="a" __proto__="b">x</p>')[0] as Extract<HtmlNode, { type: 'element' }>;
    expect(Object.entries(p.attrs)).toEqual([
      ['constructor', 'a'],
      ['__proto__', 'b'],
    ]);
  });

  it('decodes character references; an unknown or invalid one stays as written', () => {
    expect(decodeEntities('&aacute;&Ccedil;&otilde; &amp;&lt;&gt;&quot;&#39;&#x41;&#66; &nbsp;')).toBe('áÇõ &<>"\'AB \u00a0');
    expect(decodeEntities('&foo; &#99999999; &#xD800;')).toBe('&foo; &#99999999; &#xD800;');
  });

  it('writes well-formed HTML back: text and attributes escaped, elements closed', () => {
    const nodes = parseHtml(`<p title='"><script>'>1 &lt; 2 &amp; <b>3<p>x`);
    expect(toHtml(nodes)).toBe('<p title="&quot;&gt;&lt;script&gt;">1 &lt; 2 &amp; <b>3</b></p><p>x</p>');
    for (const kind of Object.keys(SAMPLE_RESOURCES) as (keyof typeof SAMPLE_RESOURCES)[]) {
      expect(toHtml(parseHtml(sampleBlockHtml(kind))), kind).toBe(sampleBlockHtml(kind));
    }
  });
});

describe('resourcesOf, textOf, unitSegments', () => {
  const html = `<h1>Frações</h1><p>Uma fração&nbsp;é uma divisão.</p><blockquote><p>nota</p>${sampleBlockHtml('list')}</blockquote>${sampleBlockHtml('question')}<pre class="latex">\\frac{1}{2}</pre><div data-type="flash" data-subtype="" data-resource="{"></div>`;

  it('lists the blocks with their kind, parsed data and validated resource', () => {
    expect(resourcesOf(html)).toEqual([
      { type: 'list', subtype: '', kind: 'list', data: SAMPLE_RESOURCES.list, resource: SAMPLE_RESOURCES.list },
      { type: 'question', subtype: '', kind: 'question', data: SAMPLE_RESOURCES.question, resource: SAMPLE_RESOURCES.question },
      { type: 'flash', subtype: '', kind: undefined, data: undefined, resource: undefined },
    ]);
    expect(resourcesOf(blockHtml('media', 'videoaula', { url: 'javascript:x' }))[0]).toMatchObject({ kind: 'videoaula', data: { url: 'javascript:x' }, resource: undefined });
  });

  it('gives the text a reader sees, resources and formulas included, one line each', () => {
    expect(textOf(html).split('\n')).toEqual([
      'Frações',
      'Uma fração é uma divisão.',
      'nota',
      'Numerador',
      'Quantas partes foram tomadas.',
      'Denominador',
      'Em quantas partes o todo foi dividido.',
      'Atividade 1',
      'Quanto é 1/2 + 1/4?',
      '2/6',
      'Não se somam os denominadores.',
      '3/4',
      'Isso! 1/2 = 2/4, e 2/4 + 1/4 = 3/4.',
      '1/8',
      'Isso seria o produto, não a soma.',
      '\\frac{1}{2}',
    ]);
  });

  it('splits for the renderer: runs of rich text and blocks, a nested block lifted out, empty runs left out', () => {
    expect(unitSegments(html)).toEqual([
      { kind: 'html', html: '<h1>Frações</h1><p>Uma fração&nbsp;é uma divisão.</p><blockquote><p>nota</p></blockquote>' },
      { kind: 'block', type: 'list', subtype: '', resource: SAMPLE_RESOURCES.list },
      { kind: 'block', type: 'question', subtype: '', resource: SAMPLE_RESOURCES.question },
      { kind: 'html', html: '<pre class="latex">\\frac{1}{2}</pre>' },
      { kind: 'block', type: 'flash', subtype: '', resource: undefined },
    ]);
    expect(unitSegments(`<p> </p>${sampleBlockHtml('pdf')}<p></p>\n<hr>`)).toEqual([
      { kind: 'block', type: 'media', subtype: 'pdf', resource: SAMPLE_RESOURCES.pdf },
      { kind: 'html', html: '<p></p>\n<hr>' },
    ]);
    expect(unitSegments('')).toEqual([]);
  });
});
