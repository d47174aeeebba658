/**
 * THE rich-text editor (see ./editor.tsx), loaded only where an editor is on screen: the first one
 * fetches Tiptap, ProseMirror and Mantine's editor (about 150 KB of gzip JavaScript); until then a
 * placeholder of the same height holds the field's place, with its label.
 */
import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './types';

export { UploadReportedError, type RichTextEditorProps } from './types';

const Editor = lazy(() => import('./editor'));

export function RichTextEditor(props: RichTextEditorProps) {
  const fallback = (
    <Input.Wrapper label={props.label} required={props.required} error={props.error}>
      <Skeleton height={(props.height ?? 300) + 44} aria-busy="true" />
    </Input.Wrapper>
  );
  return (
    <Suspense fallback={fallback}>
      <Editor {...props} />
    </Suspense>
  );
}
