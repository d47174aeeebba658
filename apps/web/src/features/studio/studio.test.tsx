/**
 * The studio's rules that do not need a server: the body it sends (lists without empties, blank topics
 * left out), its validation and the step of each error, the multi-value input (one trailing empty input,
 * emptied entries dropped on leaving the list, asterisk paste) and the Latex block of the editor.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { UNIT_MSG } from '@edu/shared/content/unit-content';
import { CONTENT_CASES } from '@edu/shared/content/unit-content.fixtures';
import { RichTextEditor } from '../../ui/rich-text-editor';
import { compact, MultiTextInput, withTrailingEmpty } from './components/multi-text-input';
import { previewPageOf } from './components/unit-preview';
import { bodyOf, emptyValues, firstErrorStep, newTopic, validate, type StudioValues } from './model';

const renderUi = (ui: ReactElement) => render(<MantineProvider>{ui}</MantineProvider>);
afterEach(cleanup);

const values = (patch: Partial<StudioValues>): StudioValues => ({ ...emptyValues(), ...patch });

describe('studio model', () => {
  it('sends lists without empty entries and leaves blank topics out', () => {
    const body = bodyOf(
      values({
        title: '  Minha unidade ',
        authors: ['Ana', '', '  ', 'Bruno', ''],
        learningObjectives: [''],
        bibliographicReference: ['Ref 1', ''],
        knowledges: ['3', '5'],
        introduction: '<p></p>',
        synthesis: '<p>Síntese</p><p></p><p></p>',
        topics: [newTopic('', '<p></p>'), newTopic('Tópico', '<p>Texto</p>'), newTopic('', '')],
      }),
    );
    expect(body.title).toBe('Minha unidade');
    expect(body.authors).toEqual(['Ana', 'Bruno']);
    expect(body.learningObjectives).toEqual([]);
    expect(body.bibliographicReference).toEqual(['Ref 1']);
    expect(body.knowledges).toEqual([3, 5]);
    expect(body.introduction).toBe('');
    expect(body.synthesis).toBe('<p>Síntese</p>');
    expect(body.topics).toEqual([{ title: 'Tópico', content: '<p>Texto</p>' }]);
    expect(body.learningType).toBe('university');
  });

  it('requires the title always and the synthesis when editing, and finds the step of each error', () => {
    expect(validate(values({ title: ' ' }), false)).toEqual({ title: UNIT_MSG.titleRequired });
    expect(validate(values({ title: 'T', synthesis: '<p> </p>' }), true)).toEqual({ synthesis: UNIT_MSG.synthesisRequired });
    expect(validate(values({ title: 'T', synthesis: '<p>ok</p>' }), true)).toEqual({});
    expect(validate(values({ title: 'T', mediaUrl: 'javascript:alert(1)' }), false)).toHaveProperty('mediaUrl');
    expect(validate(values({ title: 'T', questions: '/uploads/questions/banco.pdf' }), false)).toEqual({});
    expect(firstErrorStep({ synthesis: 'x', title: 'y' })).toBe(0);
    expect(firstErrorStep({ synthesis: 'x' })).toBe(3);
    expect(firstErrorStep({ 'topics.1.content': 'x', introduction: 'y' })).toBe(1);
    expect(firstErrorStep({ 'topics.1.content': 'x' })).toBe(2);
  });

  // The one table of cases that the contract and the API test also run.
  it.each(CONTENT_CASES)('judges a synthesis that is $name as the contract and the server do (filled: $filled)', ({ html, filled }) => {
    expect(validate(values({ title: 'T', synthesis: html }), true)).toEqual(filled ? {} : { synthesis: UNIT_MSG.synthesisRequired });
    // On a new unit the synthesis is not required yet.
    expect(validate(values({ title: 'T', synthesis: html }), false)).toEqual({});
  });

  it('leaves out a topic with no title whose content is empty by the same rule', () => {
    const body = bodyOf(values({ topics: [newTopic('', '<p>&nbsp;</p><p></p>'), newTopic('', '<p><img src="/uploads/images/a.png"></p>'), newTopic('', '<hr>')] }));
    expect(body.topics).toEqual([{ title: '', content: '<p><img src="/uploads/images/a.png"></p>' }]);
  });

  it('points the preview at the page of the step', () => {
    expect(previewPageOf(0, 0, 3)).toBe(0);
    expect(previewPageOf(1, 2, 3)).toBe(0);
    expect(previewPageOf(2, 1, 3)).toBe(2);
    expect(previewPageOf(3, 1, 3)).toBe(4);
  });
});

describe('MultiTextInput', () => {
  it('keeps exactly one trailing empty entry', () => {
    expect(withTrailingEmpty([])).toEqual(['']);
    expect(withTrailingEmpty(['a'])).toEqual(['a', '']);
    expect(withTrailingEmpty(['a', '', '', ''])).toEqual(['a', '']);
    expect(withTrailingEmpty(['a', '', 'b'])).toEqual(['a', '', 'b', '']);
    expect(compact(['a', ' ', 'b', '', ''])).toEqual(['a', 'b', '']);
  });

  function Harness({ initial = [], split }: { initial?: string[]; split?: string }) {
    const [list, setList] = useState<string[]>(initial);
    return (
      <>
        <MultiTextInput label="Autores" itemLabel="Autor" value={list} onChange={setList} splitPasteOn={split} />
        <button type="button">fora</button>
        <output data-testid="value">{JSON.stringify(list)}</output>
      </>
    );
  }
  const inputs = () => screen.getAllByRole('textbox') as HTMLInputElement[];
  const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as string[];

  it('adds an input as the last one is filled and drops emptied entries when focus leaves the list', async () => {
    renderUi(<Harness />);
    expect(inputs()).toHaveLength(1);
    fireEvent.change(inputs()[0]!, { target: { value: 'Ana' } });
    expect(inputs()).toHaveLength(2);
    fireEvent.change(inputs()[1]!, { target: { value: 'Bruno' } });
    expect(inputs().map((i) => i.value)).toEqual(['Ana', 'Bruno', '']);

    // Emptying the first keeps its input while the user is still in the list…
    fireEvent.change(inputs()[0]!, { target: { value: '' } });
    expect(inputs()).toHaveLength(3);
    // …and drops it once focus leaves the list.
    act(() => inputs()[0]!.focus());
    act(() => screen.getByRole('button', { name: 'fora' }).focus());
    fireEvent.blur(inputs()[0]!);
    await waitFor(() => expect(value()).toEqual(['Bruno', '']));
    expect(inputs().map((i) => i.value)).toEqual(['Bruno', '']);
  });

  it('removes an entry with its button', () => {
    renderUi(<Harness initial={['Ana', 'Bruno']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remover autor 1' }));
    expect(inputs().map((i) => i.value)).toEqual(['Bruno', '']);
    expect(screen.queryByRole('button', { name: 'Remover autor 2' })).toBeNull();
  });

  it('splits pasted text on the separator into several entries', () => {
    renderUi(<Harness initial={['Primeira']} split="*" />);
    fireEvent.paste(inputs()[1]!, { clipboardData: { getData: () => 'Ref A. 2020. *  Ref B. 2021.\n* ' } });
    expect(value()).toEqual(['Primeira', 'Ref A. 2020.', 'Ref B. 2021.', '']);
    // Without the separator the paste is ordinary.
    fireEvent.paste(inputs()[3]!, { clipboardData: { getData: () => 'Sem asterisco' } });
    expect(value()).toEqual(['Primeira', 'Ref A. 2020.', 'Ref B. 2021.', '']);
  });
});

describe('rich-text editor block formats', () => {
  it('keeps a Latex block as <pre class="latex"> and offers the six formats', async () => {
    const seen: string[] = [];
    renderUi(
      <RichTextEditor label="Conteúdo" blockFormats value={'<p>Antes</p><pre class="latex">x^2 + 1</pre><p>Depois</p>'} onChange={(html) => seen.push(html)} />,
    );
    const area = await screen.findByRole('textbox', { name: 'Conteúdo' });
    await waitFor(() => expect(area.querySelector('pre.latex')?.textContent).toBe('x^2 + 1'));
    fireEvent.click(screen.getByRole('combobox', { name: 'Formato do bloco' }));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Parágrafo', 'Tópico', 'Subtópico', 'Título', 'Subtítulo', 'Latex']);
    expect(screen.queryByRole('button', { name: 'Cabeçalho 1' })).toBeNull();
    expect(seen).toEqual([]);
  });

  it('exposes the editor and its HTML round-trips the Latex block', async () => {
    let html = '';
    let editor: import('@tiptap/react').Editor | null = null;
    renderUi(
      <RichTextEditor
        label="Conteúdo"
        blockFormats
        value=""
        onChange={(h) => (html = h)}
        onEditorReady={(e) => {
          editor = e;
        }}
      />,
    );
    await waitFor(() => expect(editor).not.toBeNull());
    act(() => {
      editor!.chain().setContent('<p>x</p>').setNode('latex').insertContent(' = 1').run();
    });
    await waitFor(() => expect(html).toContain('<pre class="latex">'));
    expect(editor!.getHTML()).toMatch(/^<pre class="latex">x = 1<\/pre>/);
  });
});
