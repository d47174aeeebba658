// @vitest-environment happy-dom
/**
 * The resource forms (spec 2 §5 Resources): the messages of an empty or wrong submit, and the block data a
 * valid form produces; the panel inserting and editing blocks in a real Tiptap editor; the block's
 * HTML round trip and its node view buttons. The gallery widgets and the reader's ResourceView are
 * stubbed (they have their own tests); everything else is the real code.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ModalsProvider } from '@mantine/modals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EMBED_HOSTS, EMBED_MSG } from '@edu/shared/content/embed-hosts';
import { RESOURCE_MSG, blockHtml, parseBlock, type ResourceKind } from '@edu/shared/content/unit-content';
import { MSG } from '@edu/shared/messages';
import { ResourceBlock, ResourceForm, ResourcesPanel, insertResourceBlock, onResourceEdit, type ResourceEditRequest } from './index';

vi.mock('../../galleries', () => ({
  ImagePicker: ({ value, onChange }: { value: string; onChange(url: string): void }) => (
    <div>
      <span data-testid="picked-image">{value}</span>
      <button type="button" onClick={() => onChange('/uploads/images/foto.png')}>
        Escolher imagem de teste
      </button>
    </div>
  ),
  GalleryFileField: ({ kind, value, onChange, label, error }: { kind: string; value: string; onChange(f: { url: string; filename: string } | null): void; label?: ReactNode; error?: ReactNode }) => (
    <div>
      <span>{label}</span>
      <span data-testid="picked-file">{value}</span>
      <button type="button" onClick={() => onChange({ url: `/uploads/${kind}/arquivo.${kind === 'pdfs' ? 'pdf' : 'zip'}`, filename: `arquivo.${kind === 'pdfs' ? 'pdf' : 'zip'}` })}>
        Escolher arquivo de teste
      </button>
      {error && <div role="alert">{error}</div>}
    </div>
  ),
  useGalleryUpload: () => ({ upload: async () => undefined, pending: false }),
}));

vi.mock('../../../ui/unit-content', () => ({
  ResourceView: ({ type, subtype, resource }: { type: string; subtype: string; resource: unknown }) => (
    <div data-testid="resource-view">{`${type}:${subtype}:${JSON.stringify(resource)}`}</div>
  ),
}));

beforeAll(() => {
  // matchMedia and ResizeObserver come from apps/web/vitest.setup.ts.
  // Autosize textareas listen to font loading.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });
  }
});

afterEach(() => cleanup());

/** The server's public configuration as the forms read it: the default embed sites plus one the operator added. */
const EMBED_HOSTS = [...DEFAULT_EMBED_HOSTS, 'simuladores.escola.edu.br'];

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['public-config'], { embedHosts: EMBED_HOSTS });
  return (
    <QueryClientProvider client={client}>
      <MantineProvider env="test">
        <ModalsProvider>{children}</ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

function renderForm(kind: ResourceKind, initial?: unknown) {
  const onSubmit = vi.fn();
  const onBack = vi.fn();
  render(wrap(<ResourceForm kind={kind} providerId={7} initial={initial} editing={initial !== undefined} onSubmit={onSubmit} onBack={onBack} />));
  return { onSubmit, onBack };
}

const submit = (label = 'Adicionar') => fireEvent.click(screen.getByRole('button', { name: label }));
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Videoaula', () => {
  it('asks for the link, refuses an unknown one and stores the embed address of a watch, short or embed link', async () => {
    const { onSubmit } = renderForm('videoaula');
    submit();
    expect(await screen.findByText(RESOURCE_MSG.videoMissing)).toBeTruthy();

    type(/Link do vídeo/, 'https://example.com/video/1');
    submit();
    expect(await screen.findByText(RESOURCE_MSG.videoInvalid)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    type(/Link do vídeo/, 'https://youtu.be/dQw4w9WgXcQ');
    const preview = await screen.findByTitle('Pré-visualização do vídeo');
    expect(preview.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    submit();
    expect(onSubmit).toHaveBeenLastCalledWith({ url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' });

    type(/Link do vídeo/, '<iframe width="560" src="https://player.vimeo.com/video/76979871?h=8272103f6e" frameborder="0"></iframe>');
    type(/Título/, '  Aula 1  ');
    submit();
    expect(onSubmit).toHaveBeenLastCalledWith({ url: 'https://player.vimeo.com/video/76979871', title: 'Aula 1' });
  });

  it('edits a stored video with Salvar and keeps its address', () => {
    const { onSubmit, onBack } = renderForm('videoaula', { url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' });
    submit('Salvar');
    expect(onSubmit).toHaveBeenCalledWith({ url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' });
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(onBack).toHaveBeenCalled();
  });
});

describe('Podcast', () => {
  it('requires a link, reduces an embed snippet to its address and names the host when nothing remains', async () => {
    const { onSubmit } = renderForm('podcast');
    submit();
    expect(await screen.findByText(RESOURCE_MSG.podcastMissing)).toBeTruthy();

    type(/Link do podcast/, '<iframe data-src="https://anchor.fm/show/embed"></iframe>');
    submit();
    expect(await screen.findByText(RESOURCE_MSG.podcastEmbed('anchor.fm'))).toBeTruthy();

    type(/Link do podcast/, '<iframe style="border-radius:12px" src="https://open.spotify.com/embed/episode/abc123" width="100%"></iframe>');
    expect(await screen.findByText('Endereço usado: https://open.spotify.com/embed/episode/abc123')).toBeTruthy();
    submit();
    expect(onSubmit).toHaveBeenLastCalledWith({ url: 'https://open.spotify.com/embed/episode/abc123' });
  });
});

describe('Figura', () => {
  it("shows 'Campo Obrigatório' and the image message, then 'Escolha uma imagem neste recurso' when only the image is missing", async () => {
    const { onSubmit } = renderForm('picture');
    submit();
    expect(await screen.findAllByText(MSG.required)).toHaveLength(3);
    expect(screen.getByText(RESOURCE_MSG.pictureImage)).toBeTruthy();

    type(/^Nome/, 'Mapa do Brasil');
    type(/^Fonte/, 'IBGE');
    type(/Descrição para acessibilidade/, 'Mapa político com os estados');
    submit();
    expect(await screen.findByText(RESOURCE_MSG.pictureMissing)).toBeTruthy();
    expect(screen.queryByText(MSG.required)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Escolher imagem de teste' }));
    submit();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Mapa do Brasil', resource: 'IBGE', descripiton: 'Mapa político com os estados', url: '/uploads/images/foto.png' });
    expect(parseBlock('picture', '', JSON.stringify(onSubmit.mock.calls[0]![0]))).toBeTruthy();
  });
});

describe('PDF and Infográfico', () => {
  it('PDF: asks for a file, then stores it with its name', async () => {
    const { onSubmit } = renderForm('pdf');
    submit();
    expect(await screen.findByText(RESOURCE_MSG.pdfMissing)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Escolher arquivo de teste' }));
    submit();
    expect(onSubmit).toHaveBeenCalledWith({ url: '/uploads/pdfs/arquivo.pdf', name: 'arquivo.pdf' });
  });

  it('Infográfico: asks for the zip; width is fixed at 100% and the height defaults to 650px', async () => {
    const { onSubmit } = renderForm('infographic');
    expect((screen.getByLabelText('Largura') as HTMLInputElement).value).toBe('100%');
    expect((screen.getByLabelText(/Altura/) as HTMLInputElement).value).toBe('650');
    submit();
    expect(await screen.findByText(RESOURCE_MSG.infographicMissing)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Escolher arquivo de teste' }));
    submit();
    expect(onSubmit).toHaveBeenCalledWith({ url: '/uploads/infographics/arquivo.zip', name: 'arquivo.zip', width: '100%', height: '650px' });
  });
});

describe('Saiba Mais, Atenção, Destaque and Citação', () => {
  it.each(['learnMore', 'attention', 'emphasis', 'quote'] as const)('%s requires its content', async (kind) => {
    renderForm(kind);
    submit();
    expect(await screen.findByText(MSG.required)).toBeTruthy();
  });

  it('an edited warning keeps its rich text and optional title', async () => {
    const { onSubmit } = renderForm('attention', { title: 'Cuidado', content: '<p>Não misture <strong>ácidos</strong>.</p>' });
    submit('Salvar');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ title: 'Cuidado', content: '<p>Não misture <strong>ácidos</strong>.</p>' }));
  });

  it('a quote whose content is only empty paragraphs is refused; the author is optional', async () => {
    const { onSubmit } = renderForm('quote', { content: '<p> </p><p></p>', label: 'Machado de Assis' });
    submit('Salvar');
    expect(await screen.findByText(MSG.required)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('Lista', () => {
  it('requires every title and description, keeps at least one item and stores the items in order', async () => {
    const { onSubmit } = renderForm('list');
    expect((screen.getByRole('button', { name: 'Remover item 1' }) as HTMLButtonElement).disabled).toBe(true);
    submit();
    expect(await screen.findByText(RESOURCE_MSG.listTitles)).toBeTruthy();
    expect(screen.getByText(RESOURCE_MSG.listDescriptions)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar item' }));
    const titles = screen.getAllByLabelText(/^Título/);
    const descriptions = screen.getAllByLabelText(/^Descrição/);
    expect(titles).toHaveLength(2);
    fireEvent.change(titles[0]!, { target: { value: 'Primeiro' } });
    fireEvent.change(descriptions[0]!, { target: { value: 'Um' } });
    fireEvent.change(titles[1]!, { target: { value: 'Segundo' } });
    fireEvent.change(descriptions[1]!, { target: { value: 'Dois' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mover item 2 para cima' }));
    submit();
    expect(onSubmit).toHaveBeenCalledWith({
      items: [
        { title: 'Segundo', description: 'Dois' },
        { title: 'Primeiro', description: 'Um' },
      ],
    });
  });
});

describe('Iframe Externo', () => {
  it('requires a valid url, width and height; a pasted <iframe> fills the three fields', async () => {
    const { onSubmit } = renderForm('iframe');
    type(/Largura/, '');
    submit();
    expect(await screen.findByText(RESOURCE_MSG.iframeUrl)).toBeTruthy();
    expect(screen.getByText(MSG.required)).toBeTruthy();

    type(/Endereço/, 'não é url');
    type(/Largura/, '100%');
    submit();
    expect(await screen.findByText(RESOURCE_MSG.iframeUrl)).toBeTruthy();

    type(/Endereço/, '<iframe src="https://www.geogebra.org/material/iframe/id/abc" width="800" height="600"></iframe>');
    expect((screen.getByLabelText(/Endereço/) as HTMLInputElement).value).toBe('https://www.geogebra.org/material/iframe/id/abc');
    submit();
    expect(onSubmit).toHaveBeenCalledWith({ url: 'https://www.geogebra.org/material/iframe/id/abc', width: '800px', height: '600px' });
  });

  it('says which sites are accepted and refuses any other before saving, as the server would', async () => {
    const { onSubmit } = renderForm('iframe');
    expect(screen.getByTestId('embed-hosts').textContent).toContain('phet.colorado.edu');
    expect(screen.getByTestId('embed-hosts').textContent).toContain('simuladores.escola.edu.br');
    type(/Endereço/, 'https://evil.example/phish');
    submit();
    expect(await screen.findByText(EMBED_MSG.hostRefused('evil.example'))).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    type(/Endereço/, 'https://simuladores.escola.edu.br/fracoes');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ url: 'https://simuladores.escola.edu.br/fracoes', width: '100%', height: '450px' }));
  });
});

describe('Questão', () => {
  const statement = '<p>Quanto é 2 + 2?</p>';

  it('requires the statement, all option texts and feedbacks, and a correct option', async () => {
    const { onSubmit } = renderForm('question');
    expect(screen.getByText('a)')).toBeTruthy();
    expect(screen.getByText('b)')).toBeTruthy();
    submit();
    expect(await screen.findByText(RESOURCE_MSG.questionStatement)).toBeTruthy();
    expect(screen.getByText(RESOURCE_MSG.questionRight)).toBeTruthy();
    expect(screen.getAllByText(RESOURCE_MSG.questionOptionTitles).length).toBeGreaterThan(0);
    expect(screen.getAllByText(RESOURCE_MSG.questionFeedbacks).length).toBeGreaterThan(0);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('stores the options with stable ids and the id of the option marked correct', async () => {
    const { onSubmit } = renderForm('question', { content: statement, options: [], right: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar alternativa' }));
    expect(screen.getByText('c)')).toBeTruthy();
    const titles = screen.getAllByLabelText(/^Alternativa(?!s)/);
    const feedbacks = screen.getAllByLabelText(/^Feedback/);
    ['3', '4', '5'].forEach((v, i) => {
      fireEvent.change(titles[i]!, { target: { value: v } });
      fireEvent.change(feedbacks[i]!, { target: { value: v === '4' ? 'Isso!' : 'Reveja a soma.' } });
    });
    submit('Salvar');
    expect(await screen.findByText(RESOURCE_MSG.questionRight)).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Marcar a alternativa b) como correta' }));
    submit('Salvar');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const question = onSubmit.mock.calls[0]![0] as { options: { id: string; title: string }[]; right: string; content: string };
    expect(question.content).toBe(statement);
    expect(question.options.map((o) => o.title)).toEqual(['3', '4', '5']);
    expect(new Set(question.options.map((o) => o.id)).size).toBe(3);
    expect(question.right).toBe(question.options[1]!.id);
    expect(parseBlock('question', '', JSON.stringify(question))).toBeTruthy();
  });

  it('keeps the stored option ids when editing, and removing the correct option unmarks it', async () => {
    const stored = {
      content: statement,
      options: [
        { id: 'op1', title: '4', description: 'Certo' },
        { id: 'op2', title: '5', description: 'Errado' },
      ],
      right: 'op1',
    };
    const { onSubmit } = renderForm('question', stored);
    submit('Salvar');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(stored));

    fireEvent.click(screen.getByRole('button', { name: 'Remover a alternativa a)' }));
    expect((screen.getByRole('button', { name: 'Remover a alternativa a)' }) as HTMLButtonElement).disabled).toBe(true);
    submit('Salvar');
    expect(await screen.findByText(RESOURCE_MSG.questionRight)).toBeTruthy();
  });
});

// ---------------------------------------------------------------------------------------------------
// Editor integration

function newEditor(content = '<p>Texto</p>') {
  return new Editor({ extensions: [StarterKit, ResourceBlock], content });
}

describe('ResourceBlock', () => {
  it('parses stored blocks and renders them back exactly as blockHtml; unknown kinds are not blocks', () => {
    const html = blockHtml('question', '', { content: '<p>"Aspas" & <b>negrito</b></p>', options: [{ id: 'a', title: 'x', description: 'y' }], right: 'a' });
    const video = blockHtml('media', 'videoaula', { url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' });
    const editor = newEditor(`<p>Antes</p>${html}${video}<div data-type="unknown" data-subtype="" data-resource="{}"></div>`);
    const out = editor.getHTML();
    expect(out).toContain(video);
    const div = new DOMParser().parseFromString(out, 'text/html').querySelector('div[data-type="question"]')!;
    expect(JSON.parse(div.getAttribute('data-resource')!)).toEqual(JSON.parse(new DOMParser().parseFromString(html, 'text/html').querySelector('div')!.getAttribute('data-resource')!));
    expect(out).not.toContain('data-type="unknown"');
    let blocks = 0;
    editor.state.doc.descendants((n) => {
      if (n.type.name === 'resourceBlock') blocks += 1;
    });
    expect(blocks).toBe(2);
    editor.destroy();
  });
});

function blockCount(editor: Editor) {
  let n = 0;
  editor.state.doc.descendants((node) => {
    if (node.type.name === 'resourceBlock') n += 1;
  });
  return n;
}

const drawerSize = () => (document.querySelector('.mantine-Drawer-root') as HTMLElement | null)?.style.getPropertyValue('--drawer-size');

function EditorHarness({ onReady, content }: { onReady(e: Editor): void; content: string }) {
  const editor = useEditor({ extensions: [StarterKit, ResourceBlock], content, immediatelyRender: true });
  if (editor) onReady(editor);
  return <EditorContent editor={editor} />;
}

describe('ResourcesPanel', () => {
  it('picks a kind (75% picker, 50% form), inserts the block at the selection and edits it in place', async () => {
    const editor = newEditor('<p>Texto</p>');
    const onClose = vi.fn();
    const { rerender } = render(wrap(<ResourcesPanel editor={editor} opened onClose={onClose} providerId={7} />));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Recursos')).toBeTruthy();
    const labels = ['Videoaula', 'Podcast', 'Figura', 'PDF', 'Infográfico', 'Saiba Mais', 'Atenção', 'Destaque', 'Lista', 'Citação', 'Iframe Externo', 'Questão'];
    for (const label of labels) expect(within(dialog).getByRole('button', { name: label })).toBeTruthy();

    expect(drawerSize()).toBe('75%');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Videoaula' }));
    const field = await screen.findByLabelText(/Link do vídeo/);
    expect(drawerSize()).toBe('50%');
    await waitFor(() => expect(document.activeElement).toBe(field));
    type(/Link do vídeo/, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10');
    submit('Adicionar');
    expect(onClose).toHaveBeenCalled();
    expect(editor.getHTML()).toContain(blockHtml('media', 'videoaula', { url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' }));
    rerender(wrap(<ResourcesPanel editor={editor} opened={false} onClose={onClose} providerId={7} />));

    // 'Editar' on the block: the panel opens on its form by itself, and 'Salvar' replaces the data.
    let pos = -1;
    editor.state.doc.descendants((n, p) => {
      if (n.type.name === 'resourceBlock') pos = p;
    });
    act(() => {
      editor.emit('resourceEdit', { kind: 'videoaula', resource: { url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' }, getPos: () => pos });
    });
    const link = await screen.findByLabelText(/Link do vídeo/);
    expect((link as HTMLTextAreaElement).value).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    type(/Link do vídeo/, 'https://vimeo.com/76979871');
    submit('Salvar');
    const html = editor.getHTML();
    expect(html).toContain(blockHtml('media', 'videoaula', { url: 'https://player.vimeo.com/video/76979871' }));
    expect(html).not.toContain('youtube');
    expect(blockCount(editor)).toBe(1);
    editor.destroy();
  });

  it("when editing, 'Voltar' closes the panel without touching the block", async () => {
    const video = blockHtml('media', 'videoaula', { url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' });
    const editor = newEditor(`<p>Texto</p>${video}`);
    const onClose = vi.fn();
    render(wrap(<ResourcesPanel editor={editor} opened={false} onClose={onClose} providerId={7} />));
    act(() => {
      editor.emit('resourceEdit', { kind: 'videoaula', resource: { url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' }, getPos: () => 7 });
    });
    await screen.findByLabelText(/Link do vídeo/);
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeTruthy();
    type(/Link do vídeo/, 'https://vimeo.com/76979871');
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled(); // the parent never opened it
    expect(editor.getHTML()).toBe(`<p>Texto</p>${video}`);
    editor.destroy();
  });

  it('a new block goes after a selected block, never over it', () => {
    const quote = blockHtml('quote', '', { content: 'Citação' });
    const editor = newEditor(`<p>Texto</p>${quote}`);
    editor.commands.setNodeSelection(7);
    expect(editor.state.selection.from).toBe(7);
    insertResourceBlock(editor, { type: 'list', subtype: '', resource: JSON.stringify({ items: [{ title: 't', description: 'd' }] }) });
    // (the editor keeps an empty paragraph after a block at the end, so the text can go on)
    expect(editor.getHTML()).toBe(`<p>Texto</p>${quote}${blockHtml('list', '', { items: [{ title: 't', description: 'd' }] })}<p></p>`);
    editor.destroy();
  });

  it("'Voltar' returns from a form to the picker, focused on the card it came from", async () => {
    const editor = newEditor();
    render(wrap(<ResourcesPanel editor={editor} opened onClose={() => undefined} providerId={7} />));
    fireEvent.click(await screen.findByRole('button', { name: 'Lista' }));
    expect(await screen.findByRole('button', { name: 'Adicionar item' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('button', { name: 'Questão' })).toBeTruthy();
    // the focus goes back to the card the user came from
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Lista' })));
    editor.destroy();
  });
});

describe('Resource block node view', () => {
  it("shows the resource with 'Editar' (edit event), 'Copiar' (duplicate after it) and 'Excluir' (after confirming)", async () => {
    let editor: Editor | null = null;
    const video = blockHtml('media', 'videoaula', { url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' });
    render(wrap(<EditorHarness content={`<p>Antes</p>${video}<p>Depois</p>`} onReady={(e) => (editor = e)} />));
    const view = await screen.findByTestId('resource-view');
    expect(view.textContent).toBe('media:videoaula:{"url":"https://www.youtube.com/embed/dQw4w9WgXcQ"}');
    expect(screen.getByText('Videoaula')).toBeTruthy();

    const requests: ResourceEditRequest[] = [];
    onResourceEdit(editor!, (r) => requests.push(r));
    fireEvent.click(screen.getByRole('button', { name: 'Editar Videoaula' }));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.kind).toBe('videoaula');
    expect(requests[0]!.resource).toEqual({ url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' });
    expect(editor!.state.doc.nodeAt(requests[0]!.getPos()!)?.type.name).toBe('resourceBlock');

    fireEvent.click(screen.getByRole('button', { name: 'Copiar Videoaula' }));
    await waitFor(() => expect(screen.getAllByTestId('resource-view')).toHaveLength(2));
    expect(editor!.getHTML()).toBe(`<p>Antes</p>${video}${video}<p>Depois</p>`);

    fireEvent.click(screen.getAllByRole('button', { name: 'Excluir Videoaula' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Tem certeza que deseja excluir este recurso/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.getAllByTestId('resource-view')).toHaveLength(1));
    expect(editor!.getHTML()).toBe(`<p>Antes</p>${video}<p>Depois</p>`);
  });
});
