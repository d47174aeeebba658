/**
 * Rich text inside a unit: a run of the topic's HTML (already filtered by splitUnitHtml), whose Latex
 * blocks (`<pre class="latex">TeX</pre>`) are typeset with KaTeX in the browser; and the rich-text
 * fields of a resource (filtered with the base list by SafeHtml).
 */
import { useContext, useEffect, useRef } from 'react';
import { BASE_HTML_ALLOW_LIST } from '@edu/shared/content/html-allow-list';
import { loadKatex, renderLatex } from '../katex';
import { SafeHtml } from '../safe-html';
import rich from '../rich-content.module.css';
import typography from '../typography.module.css';
import classes from './unit-content.module.css';
import { PageHeadingLevelContext } from './heading-level';

export function UnitRichText({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const pageLevel = useContext(PageHeadingLevelContext);
  // The editor's headings (Tópico h1 … Subtítulo h4) sit below the reader's page heading for assistive technology:
  // an author's h1 is announced one level under it, so the page keeps one h1 and an outline without gaps. Their
  // look (the tags' sizes) stays.
  useEffect(() => {
    for (const heading of ref.current?.querySelectorAll('h1, h2, h3, h4, h5, h6') ?? []) {
      heading.setAttribute('aria-level', String(Math.min(6, pageLevel + Number(heading.tagName.slice(1)))));
    }
  }, [html, pageLevel]);
  useEffect(() => {
    const formulas = [...(ref.current?.querySelectorAll('pre.latex') ?? [])];
    if (formulas.length === 0) return;
    let cancelled = false;
    void loadKatex().then((katex) => {
      if (cancelled) return;
      for (const pre of formulas) {
        if (!pre.isConnected) continue;
        const tex = pre.textContent ?? '';
        const out = document.createElement('div');
        out.className = classes.latex ?? '';
        out.dataset.latex = tex;
        out.innerHTML = renderLatex(katex, tex);
        pre.replaceWith(out);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [html]);
  return <div ref={ref} className={`${typography.typography} ${rich.content} ${classes.text}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A rich-text field of a resource (Saiba Mais, Citação, a question's statement…). */
export function ResourceRichText({ html }: { html: string }) {
  return (
    <div className={`${typography.typography} ${classes.text}`}>
      <SafeHtml html={html} list={BASE_HTML_ALLOW_LIST} />
    </div>
  );
}
