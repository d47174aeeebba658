/**
 * The 'Latex' block format of the rich-text editor (spec 2 §2.8): a text block whose text is TeX source,
 * stored as `<pre class="latex">TeX</pre>` (the unit allow-list keeps `pre.latex`). In the editor the
 * source stays editable and a live KaTeX rendering (KaTeX loaded on first use) shows under it; readers see only the rendering.
 * Enter adds a line inside the formula; Mod-Enter (or the format select) leaves the block.
 */
import { mergeAttributes, Node } from '@tiptap/core';
import { NodeViewContent, NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { loadKatex, renderLatex } from './katex';

export const LATEX_NODE = 'latex';

function LatexView({ node }: ReactNodeViewProps) {
  const tex = node.textContent;
  const [html, setHtml] = useState('');
  useEffect(() => {
    if (!tex.trim()) {
      setHtml('');
      return;
    }
    let cancelled = false;
    void loadKatex().then((katex) => {
      if (!cancelled) setHtml(renderLatex(katex, tex, 'html'));
    });
    return () => {
      cancelled = true;
    };
  }, [tex]);
  return (
    <NodeViewWrapper data-latex-block="" style={{ margin: '0.75em 0' }}>
      <p contentEditable={false} style={{ userSelect: 'none', margin: 0, fontSize: 'var(--mantine-font-size-xs)', lineHeight: 'var(--mantine-line-height-xs)', color: 'var(--mantine-color-dimmed)' }}>
        Latex
      </p>
      <NodeViewContent<'pre'>
        as="pre"
        className="latex"
        spellCheck={false}
        style={{ fontFamily: 'var(--mantine-font-family-monospace)', background: 'var(--mantine-color-gray-0)', padding: '6px 8px', margin: 0, whiteSpace: 'pre-wrap' }}
      />
      <div contentEditable={false} aria-hidden="true" data-latex-preview="" style={{ overflowX: 'auto', minHeight: 8, marginTop: 6 }} dangerouslySetInnerHTML={{ __html: html }} />
    </NodeViewWrapper>
  );
}

export const LatexBlock = Node.create({
  name: LATEX_NODE,
  group: 'block',
  content: 'text*',
  marks: '',
  code: true,
  defining: true,

  parseHTML() {
    // Before the code block's plain `pre` rule.
    return [{ tag: 'pre.latex', preserveWhitespace: 'full', priority: 60 }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['pre', mergeAttributes(HTMLAttributes, { class: 'latex' }), 0];
  },

  addKeyboardShortcuts() {
    return {
      'Mod-Enter': () => (this.editor.isActive(LATEX_NODE) ? this.editor.commands.exitCode() : false),
    };
  },

  addNodeView() {
    return ReactNodeViewRenderer(LatexView);
  },
});
