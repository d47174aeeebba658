import type { AnyExtension, Editor as TiptapEditor } from '@tiptap/react';
import type { ReactNode } from 'react';

/** Thrown by an `onUploadImage` that already told the user why the upload failed: no second toast. */
export class UploadReportedError extends Error {}

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** Height of the editing area in pixels. */
  height?: number;
  /** Uploads an image and answers its URL (throws on failure). Without it, the editor offers no image upload. */
  onUploadImage?: (file: File) => Promise<string>;
  label?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** More Tiptap extensions (later content kinds). */
  extensions?: AnyExtension[];
  /** More toolbar groups, rendered after the standard ones. */
  toolbarExtra?: ReactNode;
  /** The unit editor's block-format select (and its Latex block) instead of the heading buttons. */
  blockFormats?: boolean;
  /** Receives the editor once created (and null when it goes away), e.g. to insert resources. */
  onEditorReady?: (editor: TiptapEditor | null) => void;
}
