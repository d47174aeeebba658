import { describe, expect, it } from 'vitest';
import {
  BASE_HTML_ALLOW_LIST,
  FORBIDDEN_TAGS,
  IMAGE_ALIGN_OPTIONS,
  IMAGE_CLASS_OPTIONS,
  UNIT_HTML_ALLOW_LIST,
  extendAllowList,
  isAllowedHref,
  isAllowedImageSrc,
  isImportableImageSrc,
} from './html-allow-list';
import { htmlToText, textPreview } from './html-text';

describe('the HTML allow-list', () => {
  it('allows no dangerous element', () => {
    for (const tag of [...FORBIDDEN_TAGS, 'iframe']) expect(BASE_HTML_ALLOW_LIST.tags).not.toContain(tag);
  });

  it('allows no event handler, and style only where text alignment is allowed', () => {
    const attributes = Object.entries(BASE_HTML_ALLOW_LIST.attributes);
    for (const [, names] of attributes) for (const name of names) expect(name).not.toMatch(/^on/i);
    for (const [tag, names] of attributes) if (names.includes('style')) expect(Object.keys(BASE_HTML_ALLOW_LIST.styles[tag] ?? {})).toEqual(['text-align']);
    const align = BASE_HTML_ALLOW_LIST.styles.p!['text-align']!;
    expect(['left', 'center', 'right', 'justify'].every((v) => align.some((re) => re.test(v)))).toBe(true);
    expect(align.some((re) => re.test('center; background:url(javascript:x)'))).toBe(false);
  });

  it('offers the editor image classes (none, responsive, rounded, circle) and alignments, all allowed on img', () => {
    expect(IMAGE_CLASS_OPTIONS.map((o) => o.label)).toEqual(['Nenhuma', 'Responsiva', 'Arredondada', 'Círculo']);
    for (const o of [...IMAGE_CLASS_OPTIONS, ...IMAGE_ALIGN_OPTIONS]) if (o.value) expect(BASE_HTML_ALLOW_LIST.classes.img).toContain(o.value);
  });

  it('accepts http(s), mailto and same-site links only', () => {
    for (const ok of ['https://exemplo.com.br/a?b=1', 'http://x.org', 'mailto:contato@exemplo.com.br', '/dashboard', '#topo']) expect(isAllowedHref(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', '//evil.com', 'vbscript:x', 'jav\tascript:x', 'https://x.com/"onmouseover="x']) {
      expect(isAllowedHref(bad), bad).toBe(false);
    }
  });

  it('keeps images from this server\'s /uploads only; http(s) images are importable, never kept', () => {
    expect(isAllowedImageSrc('/uploads/notices/0a1b2c.png')).toBe(true);
    for (const bad of ['https://cdn.exemplo.com.br/a.png', 'http://evil.example/pixel.png', 'data:image/png;base64,AAAA', 'javascript:x', '//evil.com/a.png', '/uploads/../secret.png', '/api/users/filter', 'x.png']) {
      expect(isAllowedImageSrc(bad), bad).toBe(false);
    }
    for (const ok of ['https://cdn.exemplo.com.br/a.png', 'http://x.org/a.gif', '/uploads/notices/0a1b2c.png']) expect(isImportableImageSrc(ok), ok).toBe(true);
    for (const bad of ['data:image/png;base64,AAAA', 'javascript:x', '//evil.com/a.png', 'https://x.com/a b.png']) expect(isImportableImageSrc(bad), bad).toBe(false);
  });

  it('extends for richer content without ever letting dangerous tags or handlers in', () => {
    const unit = extendAllowList(BASE_HTML_ALLOW_LIST, {
      tags: ['div', 'script', 'table'],
      attributes: { div: ['data-type', 'onclick'] },
      classes: { div: ['resource'] },
    });
    expect(unit.tags).toEqual(expect.arrayContaining(['p', 'img', 'div', 'table']));
    expect(unit.tags).not.toContain('script');
    expect(unit.attributes.div).toEqual(['data-type']);
    expect(unit.classes.img).toEqual(BASE_HTML_ALLOW_LIST.classes.img);
    expect(BASE_HTML_ALLOW_LIST.tags).not.toContain('div');
  });
});

describe('the unit-content allow-list', () => {
  it('adds the resource block div and the Latex block to the base list, and nothing dangerous', () => {
    expect(UNIT_HTML_ALLOW_LIST.tags).toEqual(expect.arrayContaining([...BASE_HTML_ALLOW_LIST.tags, 'div']));
    expect(UNIT_HTML_ALLOW_LIST.attributes.div).toEqual(['data-type', 'data-subtype', 'data-resource']);
    expect(UNIT_HTML_ALLOW_LIST.attributes.pre).toEqual(['class']);
    expect(UNIT_HTML_ALLOW_LIST.classes.pre).toEqual(['latex']);
    for (const h of ['h1', 'h2', 'h3', 'h4']) expect(UNIT_HTML_ALLOW_LIST.tags).toContain(h);
    for (const tag of [...FORBIDDEN_TAGS, 'iframe']) expect(UNIT_HTML_ALLOW_LIST.tags).not.toContain(tag);
    for (const names of Object.values(UNIT_HTML_ALLOW_LIST.attributes)) for (const name of names) expect(name).not.toMatch(/^on/i);
  });

  it('leaves the base list as it was', () => {
    expect(BASE_HTML_ALLOW_LIST.tags).not.toContain('div');
    expect(BASE_HTML_ALLOW_LIST.attributes.div).toBeUndefined();
    expect(BASE_HTML_ALLOW_LIST.classes.pre).toBeUndefined();
    expect(UNIT_HTML_ALLOW_LIST.attributes.img).toEqual(BASE_HTML_ALLOW_LIST.attributes.img);
    expect(UNIT_HTML_ALLOW_LIST.styles).toEqual(BASE_HTML_ALLOW_LIST.styles);
  });
});

describe('plain text of stored HTML', () => {
  it('drops tags, decodes entities and collapses spaces', () => {
    expect(htmlToText('<h1>Aviso</h1><p>Olá&nbsp;&amp; bem-vindo&#33;<br>Linha&#x32;</p>')).toBe('Aviso Olá & bem-vindo! Linha2');
    expect(htmlToText('<p>a &#99999999; b &foo;</p>')).toBe('a &#99999999; b &foo;');
  });

  it('previews 100 characters followed by "..." only when cut', () => {
    const long = `<p>${'a'.repeat(150)}</p>`;
    expect(textPreview(long)).toBe(`${'a'.repeat(100)}...`);
    expect(textPreview('<p>curto</p>')).toBe('curto');
  });
});
