/**
 * Rich text inside a unit: a run of the topic's HTML (already filtered by splitUnitHtml), whose Latex
 * blocks (`<pre class="latex">TeX</pre>`) are typeset with KaTeX in the browser; and the rich-text
 * fields of a resource (filtered with the base list by SafeHtml).
 */
import { Typography } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { BASE_HTML_ALLOW_LIST } from '@edu/shared/content/html-allow-list';
import { loadKatex, renderLatex } from '../katex';
import { SafeHtml } from '../safe-html';
import rich from '../rich-content.module.css';
import classes from './unit-content.module.css';

export function UnitRichText({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
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
  return <Typography ref={ref} className={`${rich.content} ${classes.text}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A rich-text field of a resource (Saiba Mais, Citação, a question's statement…). */
export function ResourceRichText({ html }: { html: string }) {
  return (
    <Typography className={classes.text}>
      <SafeHtml html={html} list={BASE_HTML_ALLOW_LIST} />
    </Typography>
  );
}
