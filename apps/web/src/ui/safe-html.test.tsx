// @vitest-environment jsdom
/**
 * THE browser-side sanitizer (DOMPurify configured from the shared allow-list). Run in jsdom: happy-dom,
 * the other web tests' DOM, skips nodes after a removal while iterating, which DOMPurify relies on.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE_HTML_ALLOW_LIST, UNIT_HTML_ALLOW_LIST } from '@edu/shared/content/html-allow-list';
import { blockHtml } from '@edu/shared/content/unit-content';
import { filterHtml, SafeHtml } from './safe-html';
import { TopicContent } from './unit-content';

afterEach(cleanup);

describe('filterHtml (DOMPurify with the shared allow-list)', () => {
  it('keeps what the list allows, as written', () => {
    const html =
      '<h2 style="text-align: center">T</h2><p>a <strong>b</strong> <em>c</em> <a href="https://x.com/a" title="t">l</a></p><ol start="3"><li>i</li></ol><img src="/uploads/a/b.png" alt="d" class="img-rounded img-center">';
    expect(filterHtml(html)).toBe(html);
  });

  it('drops elements outside the list: dangerous ones with their content, other wrappers keep their text', () => {
    expect(filterHtml('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://e.com"></iframe><svg><g>x</g></svg>')).toBe('<p>a</p>');
    expect(filterHtml('<section><p>a</p></section><font>b</font>')).toBe('<p>a</p>b');
    expect(filterHtml('<div data-type="media" data-subtype="videoaula" data-resource="{}">x</div>')).toBe('x');
  });

  it('drops attributes outside the list, per element, and every event handler', () => {
    expect(filterHtml('<p onclick="x()" id="i" title="t" data-x="1">a</p>')).toBe('<p>a</p>');
    expect(filterHtml('<a href="/x" style="color: red" target="_blank">a</a>')).toBe('<a href="/x" target="_blank" rel="noopener noreferrer nofollow">a</a>');
    expect(filterHtml('<img src="/uploads/a.png" onerror="x()" style="width: 1px">')).toBe('<img src="/uploads/a.png">');
  });

  it('applies the URL rules: links http(s), mailto, same-site; images http(s) or /uploads/', () => {
    expect(filterHtml('<a href="javascript:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(filterHtml('<a href="mailto:a@x.com">a</a><a href="#t">b</a><a href="//evil.com">c</a>')).toBe('<a href="mailto:a@x.com">a</a><a href="#t">b</a><a>c</a>');
    // An image with no allowed source is not shown at all.
    expect(filterHtml('<p>x</p><img src="javascript:alert(1)"><img src="data:image/png;base64,AAA"><img src="/etc/passwd">')).toBe('<p>x</p>');
    // An image of another site (a row saved before images were imported on save) is never loaded: no tracking pixel.
    expect(filterHtml('<p>x</p><img src="https://evil.example/pixel.png"><img src="http://evil.example/p.gif">')).toBe('<p>x</p>');
  });

  it('keeps only the allowed classes and inline styles', () => {
    expect(filterHtml('<img src="/uploads/a.png" class="img-circle evil img-right">')).toBe('<img src="/uploads/a.png" class="img-circle img-right">');
    expect(filterHtml('<img src="/uploads/a.png" class="evil">')).toBe('<img src="/uploads/a.png">');
    expect(filterHtml('<p style="text-align: right; position: fixed">a</p><p style="background: url(x)">b</p>')).toBe('<p style="text-align: right">a</p><p>b</p>');
  });

  it('unit content: keeps resource blocks and Latex blocks, which the base list drops', () => {
    const block = blockHtml('text', 'saiba-mais', { title: 'T', content: '<p>c</p>' });
    const html = `<p>a</p>${block}<pre class="latex">x^2</pre>`;
    const kept = filterHtml(html, UNIT_HTML_ALLOW_LIST);
    const div = new DOMParser().parseFromString(kept, 'text/html').querySelector('div')!;
    expect([div.getAttribute('data-type'), div.getAttribute('data-subtype')]).toEqual(['text', 'saiba-mais']);
    expect(JSON.parse(div.getAttribute('data-resource')!)).toEqual({ title: 'T', content: '<p>c</p>' });
    expect(kept).toContain('<pre class="latex">x^2</pre>');
    expect(filterHtml(html, BASE_HTML_ALLOW_LIST)).toBe('<p>a</p><pre>x^2</pre>');
    expect(filterHtml('<div data-type="x" onclick="y()" style="color: red" class="c">z</div>', UNIT_HTML_ALLOW_LIST)).toBe('<div data-type="x">z</div>');
  });

  it('renders through SafeHtml', () => {
    render(
      <MantineProvider>
        <SafeHtml data-testid="s" html={'<p onclick="x()">ok</p><script>x()</script>'} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('s').innerHTML).toBe('<p>ok</p>');
  });
});

describe('the unit renderer', () => {
  // Moved from unit-content/unit-content.test.tsx (happy-dom cannot run DOMPurify faithfully).
  it('drops what the allow-list does not allow, even in a row written by hand', () => {
    const onclick = vi.fn();
    (window as unknown as { pwned: () => void }).pwned = onclick;
    const c = render(
      <MantineProvider>
        <TopicContent
          html={
            '<p onclick="pwned()">a</p><script>pwned()</script><iframe src="https://evil.com"></iframe><img src="x" onerror="pwned()"><a href="javascript:pwned()">l</a><style>p{}</style>'
          }
        />
      </MantineProvider>,
    ).getByTestId('topic-content');
    expect(c.querySelector('script, iframe, style, img')).toBeNull();
    expect(c.querySelector('[onclick]')).toBeNull();
    expect(c.querySelector('a')!.hasAttribute('href')).toBe(false);
    fireEvent.click(screen.getByText('a'));
    expect(onclick).not.toHaveBeenCalled();
  });
});
