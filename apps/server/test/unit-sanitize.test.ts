/**
 * Unit content is sanitized on write (spec 2 §3 resources, issue "Safety"): the unit allow-list plus a
 * re-validation of every resource block. Pure functions — no app, no database.
 *
 * The round trip of each resource kind is split at the stored HTML: here, editor HTML → stored HTML
 * is a fixed point for every canonical sample (so the stored HTML is exactly `sampleBlockHtml(kind)`);
 * the web test (apps/web/src/ui/unit-content/unit-content.test.tsx) renders that same HTML.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCE_KINDS, blockHtml } from '@edu/shared/content/unit-content';
import { SAMPLE_RESOURCES, sampleBlockHtml } from '@edu/shared/content/unit-content.fixtures';
import { sanitizeResourceBlock, sanitizeRichText, sanitizeUnitHtml } from '../src/platform/sanitize';

/** The blocks of stored HTML, decoded. */
function blocksOf(html: string) {
  const decode = (v: string) => v.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return [...html.matchAll(/<div data-type="([^"]*)" data-subtype="([^"]*)" data-resource="([^"]*)"><\/div>/g)].map((m) => ({
    type: m[1]!,
    subtype: m[2]!,
    resource: JSON.parse(decode(m[3]!)) as Record<string, unknown>,
  }));
}

const video = (url: string) => blockHtml('media', 'videoaula', { url });

describe('sanitizeUnitHtml: resource blocks round trip', () => {
  it('stores every valid block exactly as the editor wrote it', () => {
    for (const kind of RESOURCE_KINDS) {
      const html = sampleBlockHtml(kind.key);
      expect(sanitizeUnitHtml(html), kind.key).toBe(html);
      const [block] = blocksOf(sanitizeUnitHtml(html));
      expect(block, kind.key).toEqual({ type: kind.type, subtype: kind.subtype, resource: SAMPLE_RESOURCES[kind.key] });
    }
  });

  it('keeps the text around blocks, in order, with the editor formats (headings, Latex)', () => {
    const html = [
      '<h1>Tópico</h1>',
      '<h2 style="text-align:center">Subtópico</h2>',
      '<h3>Título</h3>',
      '<h4>Subtítulo</h4>',
      sampleBlockHtml('videoaula'),
      '<p>Entre <strong>blocos</strong></p>',
      '<pre class="latex">\\frac{a}{b} &lt; 1</pre>',
      sampleBlockHtml('question'),
      '<ul><li><p>item</p></li></ul>',
    ].join('');
    expect(sanitizeUnitHtml(html)).toBe(html);
  });

  it('canonicalizes a block: exact attributes, re-serialized JSON, no content inside', () => {
    const messy = `<div class="x" data-resource='{"title":" Aula ","url":"https://www.youtube.com/embed/dQw4w9WgXcQ","autoplay":true}' data-type="media" data-subtype="videoaula" id="v1" style="color:red"><p>dentro</p><div>mais</div></div><p>depois</p>`;
    expect(sanitizeUnitHtml(messy)).toBe(`${blockHtml('media', 'videoaula', { url: 'https://www.youtube.com/embed/dQw4w9WgXcQ', title: 'Aula' })}<p>depois</p>`);
  });

  it('fills the infographic defaults (width 100%, height 650px)', () => {
    const [block] = blocksOf(sanitizeUnitHtml(blockHtml('iframe', 'infographic', { url: '/uploads/infographics/f1/index.html' })));
    expect(block!.resource).toEqual({ url: '/uploads/infographics/f1/index.html', width: '100%', height: '650px' });
  });

  it('reads a block without data-subtype as subtype ""', () => {
    const html = `<div data-type="quote" data-resource="{&quot;content&quot;:&quot;&lt;p&gt;x&lt;/p&gt;&quot;}"></div>`;
    expect(blocksOf(sanitizeUnitHtml(html))).toEqual([{ type: 'quote', subtype: '', resource: { content: '<p>x</p>' } }]);
  });
});

describe('sanitizeUnitHtml: safety', () => {
  it('removes scripts, styles and iframes outside blocks, with their content', () => {
    const out = sanitizeUnitHtml('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://evil.com">x</iframe><object data="x"></object><p>b</p>');
    expect(out).toBe('<p>a</p><p>b</p>');
  });

  it('removes event handlers, javascript: links and unsafe image sources', () => {
    const out = sanitizeUnitHtml(
      '<p onclick="alert(1)" onmouseover="x">t</p><a href="javascript:alert(1)">l</a><a href=" JaVaScRiPt:alert(1)">m</a><img src="x" onerror="alert(1)"><img src="data:image/png;base64,AA"><img src="/uploads/images/a.png" onload="x">',
    );
    expect(out).toBe('<p>t</p><a>l</a><a>m</a><img src="/uploads/images/a.png" />');
  });

  it('drops blocks of unknown type or subtype, with everything inside them', () => {
    for (const html of [
      '<div data-type="script" data-subtype="" data-resource="{}"><p>dentro</p></div>',
      `<div data-type="media" data-subtype="flash" data-resource='{"url":"https://x.com/a.swf"}'>x</div>`,
      '<div data-type="" data-resource="{}">x</div>',
      '<div data-type="txt" data-subtype="" data-resource="{}">x</div>',
    ]) {
      expect(sanitizeUnitHtml(`<p>a</p>${html}<p>b</p>`), html).toBe('<p>a</p><p>b</p>');
    }
  });

  it('drops blocks whose data is not valid JSON or not valid for the resource', () => {
    for (const resource of ['{"url":', '', 'null', '[]', '{"url":"javascript:alert(1)"}', '{"url":"data:text/html,x"}', '{"url":"//evil.com/x"}', '{}']) {
      const html = `<div data-type="media" data-subtype="videoaula" data-resource='${resource}'></div>`;
      expect(sanitizeUnitHtml(`<p>a</p>${html}`), resource).toBe('<p>a</p>');
    }
    const noRight = blockHtml('question', '', { ...SAMPLE_RESOURCES.question, right: 'zz' });
    expect(sanitizeUnitHtml(noRight)).toBe('');
  });

  it('sanitizes rich-text fields inside a block with the base list', () => {
    const smuggled = blockHtml('warning', 'danger', {
      content: '<p onclick="x">Cuidado<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:x">link</a></p><iframe src="https://evil.com"></iframe><div data-type="media">x</div>',
    });
    const [block] = blocksOf(sanitizeUnitHtml(smuggled));
    expect(block!.resource).toEqual({ content: '<p>Cuidado<a>link</a></p>x' });
    const question = blockHtml('question', '', { ...SAMPLE_RESOURCES.question, content: '<p>Enunciado</p><script>alert(1)</script>' });
    expect(blocksOf(sanitizeUnitHtml(question))[0]!.resource.content).toBe('<p>Enunciado</p>');
  });

  it('drops a block whose required rich text is empty once sanitized', () => {
    expect(sanitizeUnitHtml(blockHtml('quote', '', { content: '<script>alert(1)</script>', label: 'x' }))).toBe('');
    expect(sanitizeUnitHtml(blockHtml('warning', '', { content: '<iframe src="https://x.com"></iframe>' }))).toBe('');
  });

  it('keeps attribute values inside their quotes', () => {
    const evil = blockHtml('picture', '', { ...SAMPLE_RESOURCES.picture, name: '"><script>alert(1)</script><div x="', descripiton: "' onerror='alert(1)" });
    const out = sanitizeUnitHtml(evil);
    expect(out).toBe(evil);
    expect(out).not.toContain('<script');
    expect(out.match(/"/g)).toHaveLength(6);
    expect(blocksOf(out)[0]!.resource.name).toBe('"><script>alert(1)</script><div x="');
    // A hand-written block breaking its own quotes is parsed as HTML: the extra attributes go, the broken JSON drops it.
    expect(sanitizeUnitHtml(`<div data-type="media" data-subtype="videoaula" data-resource="{"url":"https://x.com"}" onclick="alert(1)"></div><p>ok</p>`)).toBe('<p>ok</p>');
  });

  it('cannot be fooled by placeholders or block markers in the input', () => {
    const out = sanitizeUnitHtml('<div data-unit-block="0-0">x</div><p>[[block:0:0]]</p>');
    expect(out).toBe('<div>x</div><p>[[block:0:0]]</p>');
  });

  it('keeps a plain div without its attributes, and strips classes outside the list', () => {
    expect(sanitizeUnitHtml('<div id="a" class="b" onclick="c">texto</div>')).toBe('<div>texto</div>');
    expect(sanitizeUnitHtml('<pre class="latex evil">x</pre><pre class="hljs">y</pre><p class="latex">z</p>')).toBe('<pre class="latex">x</pre><pre>y</pre><p>z</p>');
  });

  it('handles blocks nested in other elements, in other blocks, and inside a paragraph', () => {
    const v = video('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(sanitizeUnitHtml(`<blockquote>${v}</blockquote>`)).toBe(`<blockquote>${v}</blockquote>`);
    // A block's content is never kept, even a valid block.
    expect(sanitizeUnitHtml(v.replace('></div>', `>${v}<p>x</p></div>`))).toBe(v);
    // A div closes the paragraph (HTML parsing rules); the text goes on.
    expect(sanitizeUnitHtml(`<p>antes${v}depois</p>`)).toBe(`<p>antes</p>${v}depois<p></p>`);
    // An invalid block with a valid one inside: all dropped.
    expect(sanitizeUnitHtml(`<div data-type="bad">${v}</div><p>fim</p>`)).toBe('<p>fim</p>');
    // Unclosed input is closed.
    expect(sanitizeUnitHtml(`<div><p>x${v}`)).toBe(`<div><p>x</p>${v}</div>`);
  });

  it('handles many blocks and large content', () => {
    const html = Array.from({ length: 200 }, (_, i) => `<p>${i}</p>${sampleBlockHtml(RESOURCE_KINDS[i % 12]!.key)}`).join('');
    expect(sanitizeUnitHtml(html)).toBe(html);
    expect(sanitizeUnitHtml('')).toBe('');
  });
});

describe('sanitizeResourceBlock', () => {
  it('answers the canonical block or undefined', () => {
    expect(sanitizeResourceBlock('list', '', JSON.stringify(SAMPLE_RESOURCES.list))).toBe(sampleBlockHtml('list'));
    expect(sanitizeResourceBlock('list', '', '{"items":[]}')).toBeUndefined();
    expect(sanitizeResourceBlock('nope', '', '{}')).toBeUndefined();
  });

  it('keeps plain-text fields as text (the renderer escapes them)', () => {
    const items = [{ title: '<b>x</b>', description: '<script>y</script>' }];
    const html = sanitizeResourceBlock('list', '', JSON.stringify({ items }))!;
    expect(html).not.toContain('<script');
    expect(blocksOf(html)[0]!.resource).toEqual({ items });
  });
});

describe('sanitizeRichText keeps its behaviour', () => {
  it('does not allow blocks, divs or the Latex class in ordinary rich text', () => {
    expect(sanitizeRichText(`<p>a</p>${sampleBlockHtml('videoaula')}<pre class="latex">x</pre>`)).toBe('<p>a</p><pre>x</pre>');
  });
});
