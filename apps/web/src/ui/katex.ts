/**
 * KaTeX and its stylesheet, loaded once and only when a formula is on screen (the unit reader and
 * the editor's Latex block): KaTeX is 77 KB of gzip JavaScript that most pages never need.
 */
type Katex = { renderToString: typeof import('katex').renderToString };

let katexPromise: Promise<Katex> | undefined;
export function loadKatex(): Promise<Katex> {
  katexPromise ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([m]) => m.default);
  return katexPromise;
}

/** Typeset one formula (untrusted input: trust off, errors shown in place instead of thrown). */
export function renderLatex(katex: Katex, tex: string, output: 'html' | 'htmlAndMathml' = 'htmlAndMathml'): string {
  return katex.renderToString(tex, { displayMode: true, throwOnError: false, trust: false, strict: 'ignore', output });
}
