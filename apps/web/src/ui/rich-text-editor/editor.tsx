/**
 * THE rich-text editor (Mantine's tiptap editor on Tiptap 3): headings, emphasis, lists, quotes, links,
 * alignment, and images uploaded through the server (button, paste or drop) with the class and
 * alignment options of the shared allow-list. It produces HTML the server will sanitize with that
 * same list. Later content kinds extend it through `extensions` and `toolbarExtra`; unit content adds
 * the block-format select (`blockFormats`: Parágrafo, Tópico, Subtópico, Título, Subtítulo, Latex — spec 2
 * §2.8) and takes the editor instance (`onEditorReady`) to insert resources into it.
 */
import '@mantine/tiptap/styles.css';
import { Group, Input, Select, Text } from '@mantine/core';
import { Link, RichTextEditor as Editor, getUploadImageExtension, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor, useEditorState, type Editor as TiptapEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { useEffect, useId, useRef, useState } from 'react';
import { IMAGE_ALIGN_OPTIONS, IMAGE_CLASS_OPTIONS } from '@edu/shared/content/html-allow-list';
import { MSG } from '@edu/shared/messages';
import { toastError } from '../../lib/toast';
import { LATEX_NODE, LatexBlock } from '../latex-block';
import classes from '../rich-content.module.css';
import { UploadReportedError, type RichTextEditorProps } from './types';

const LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Negrito',
  italicControlLabel: 'Itálico',
  underlineControlLabel: 'Sublinhado',
  strikeControlLabel: 'Tachado',
  clearFormattingControlLabel: 'Limpar formatação',
  linkControlLabel: 'Inserir link',
  unlinkControlLabel: 'Remover link',
  bulletListControlLabel: 'Lista com marcadores',
  orderedListControlLabel: 'Lista numerada',
  blockquoteControlLabel: 'Citação',
  hrControlLabel: 'Linha horizontal',
  alignLeftControlLabel: 'Alinhar à esquerda',
  alignCenterControlLabel: 'Centralizar',
  alignRightControlLabel: 'Alinhar à direita',
  alignJustifyControlLabel: 'Justificar',
  undoControlLabel: 'Desfazer',
  redoControlLabel: 'Refazer',
  imageUploadControlLabel: 'Inserir imagem',
  linkEditorInputLabel: 'Endereço do link',
  linkEditorInputPlaceholder: 'https://exemplo.com.br',
  linkEditorExternalLink: 'Abrir em nova aba',
  linkEditorInternalLink: 'Abrir na mesma aba',
  linkEditorSave: 'Salvar',
};

/** The image classes live in one `class` attribute: one look (responsive, rounded, circle) and one alignment. */
const ClassedImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      class: {
        default: null,
        parseHTML: (el: HTMLElement) => el.getAttribute('class'),
        renderHTML: (attrs: { class?: string | null }) => (attrs.class ? { class: attrs.class } : {}),
      },
    };
  },
});

/** The block formats of the unit editor (spec 2 §2.8, §9): value → label. */
const BLOCK_FORMATS = [
  { value: 'p', label: 'Parágrafo' },
  { value: 'h1', label: 'Tópico' },
  { value: 'h2', label: 'Subtópico' },
  { value: 'h3', label: 'Título' },
  { value: 'h4', label: 'Subtítulo' },
  { value: LATEX_NODE, label: 'Latex' },
] as const;
type BlockFormat = (typeof BLOCK_FORMATS)[number]['value'];

function currentFormat(e: TiptapEditor | null): BlockFormat | null {
  if (!e) return null;
  if (e.isActive(LATEX_NODE)) return LATEX_NODE;
  for (const level of [1, 2, 3, 4] as const) if (e.isActive('heading', { level })) return `h${level}`;
  return e.isActive('paragraph') ? 'p' : null;
}

function applyFormat(e: TiptapEditor, format: BlockFormat) {
  const chain = e.chain().focus();
  if (format === 'p') chain.setParagraph().run();
  else if (format === LATEX_NODE) chain.setNode(LATEX_NODE).run();
  else chain.setHeading({ level: Number(format.slice(1)) as 1 | 2 | 3 | 4 }).run();
}

const LOOKS: string[] = IMAGE_CLASS_OPTIONS.map((o) => o.value).filter(Boolean);
const ALIGNS: string[] = IMAGE_ALIGN_OPTIONS.map((o) => o.value).filter(Boolean);
const pick = (cls: string | null | undefined, from: string[]) => (cls ?? '').split(/\s+/).find((c) => from.includes(c)) ?? '';

/** Tiptap answers '<p></p>' for an empty document: store it as empty. */
const normalize = (html: string) => (html === '<p></p>' ? '' : html);

export default function RichTextEditor({
  value,
  onChange,
  height = 300,
  onUploadImage,
  label,
  error,
  required,
  extensions = [],
  toolbarExtra,
  blockFormats = false,
  onEditorReady,
}: RichTextEditorProps) {
  const labelId = useId();
  const [uploadError, setUploadError] = useState(false);
  const [pending, setPending] = useState(0);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const uploadRef = useRef(onUploadImage);
  uploadRef.current = onUploadImage;

  const upload = async (file: File) => {
    const send = uploadRef.current;
    if (!send) throw new Error('upload not configured');
    setUploadError(false);
    setPending((n) => n + 1);
    try {
      return await send(file);
    } finally {
      setPending((n) => n - 1);
    }
  };
  const uploadFailed = (_file?: File, error?: unknown) => {
    setUploadError(true);
    if (!(error instanceof UploadReportedError)) toastError(MSG.editorImageUploadFail);
  };

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      getUploadImageExtension(ClassedImage, { onImageUpload: upload, onImageUploadError: uploadFailed }),
      ...(blockFormats ? [LatexBlock] : []),
      ...extensions,
    ],
    content: value,
    editorProps: { attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChangeRef.current(normalize(e.getHTML())),
  });

  // A new value from outside (another template opened in the same dialog) replaces the content.
  useEffect(() => {
    if (editor && !editor.isDestroyed && normalize(editor.getHTML()) !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const readyRef = useRef(onEditorReady);
  readyRef.current = onEditorReady;
  useEffect(() => {
    if (!editor) return;
    readyRef.current?.(editor);
    return () => readyRef.current?.(null);
  }, [editor]);

  const format = useEditorState({ editor, selector: ({ editor: e }) => (blockFormats ? currentFormat(e) : null) });

  const image = useEditorState({
    editor,
    selector: ({ editor: e }) => (e?.isActive('image') ? ((e.getAttributes('image').class as string | null) ?? '') : null),
  });

  const setImageClass = (look: string, align: string) => {
    const cls = [look, align].filter(Boolean).join(' ');
    editor?.chain().focus().updateAttributes('image', { class: cls || null }).run();
  };

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} error={error} required={required}>
      <Editor editor={editor} labels={LABELS} onImageUpload={onUploadImage ? upload : undefined} onImageUploadError={uploadFailed}>
        <Editor.Toolbar sticky stickyOffset={0}>
          <Editor.ControlsGroup>
            <Editor.Bold />
            <Editor.Italic />
            <Editor.Underline />
            <Editor.Strikethrough />
            <Editor.ClearFormatting />
          </Editor.ControlsGroup>
          {blockFormats ? (
            <Editor.ControlsGroup>
              <Select
                size="xs"
                w={130}
                aria-label="Formato do bloco"
                placeholder="Formato"
                data={BLOCK_FORMATS.map((f) => ({ value: f.value, label: f.label }))}
                value={format ?? null}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                onChange={(v) => editor && v && applyFormat(editor, v as BlockFormat)}
              />
            </Editor.ControlsGroup>
          ) : (
            <Editor.ControlsGroup>
              <Editor.H1 aria-label="Cabeçalho 1" title="Cabeçalho 1" />
              <Editor.H2 aria-label="Cabeçalho 2" title="Cabeçalho 2" />
              <Editor.H3 aria-label="Cabeçalho 3" title="Cabeçalho 3" />
            </Editor.ControlsGroup>
          )}
          <Editor.ControlsGroup>
            <Editor.Blockquote />
            <Editor.Hr />
            <Editor.BulletList />
            <Editor.OrderedList />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Link />
            <Editor.Unlink />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.AlignLeft />
            <Editor.AlignCenter />
            <Editor.AlignRight />
            <Editor.AlignJustify />
          </Editor.ControlsGroup>
          {onUploadImage && (
            <Editor.ControlsGroup>
              <Editor.ImageUpload accept="image/png,image/jpeg,image/gif" />
            </Editor.ControlsGroup>
          )}
          <Editor.ControlsGroup>
            <Editor.Undo />
            <Editor.Redo />
          </Editor.ControlsGroup>
          {toolbarExtra}
        </Editor.Toolbar>
        {image !== null && image !== undefined && (
          <Group gap="xs" px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
            {[
              { label: 'Estilo da imagem', options: IMAGE_CLASS_OPTIONS, value: pick(image, LOOKS), set: (v: string) => setImageClass(v, pick(image, ALIGNS)) },
              { label: 'Alinhamento da imagem', options: IMAGE_ALIGN_OPTIONS, value: pick(image, ALIGNS), set: (v: string) => setImageClass(pick(image, LOOKS), v) },
            ].map((field) => (
              <Select
                key={field.label}
                size="xs"
                w={170}
                label={field.label}
                data={field.options.map((o) => ({ value: o.value, label: o.label }))}
                value={field.value}
                allowDeselect={false}
                onChange={(v) => field.set(v ?? '')}
              />
            ))}
          </Group>
        )}
        <Editor.Content className={classes.content} style={{ height, overflowY: 'auto' }} />
      </Editor>
      {pending > 0 && (
        <Text size="xs" c="dimmed" mt={4} role="status">
          Enviando imagem...
        </Text>
      )}
      {uploadError && (
        <Text size="xs" c="red" mt={4} role="alert">
          {MSG.editorImageUploadError}
        </Text>
      )}
    </Input.Wrapper>
  );
}
