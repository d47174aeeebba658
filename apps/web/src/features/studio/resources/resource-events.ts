/**
 * How a resource block asks to be edited: the node view (or the Enter key on a selected block) emits the
 * editor event `resourceEdit`; the `ResourcesPanel` bound to that editor listens and opens the block's form.
 * An editor event (rather than a React context) keeps the studio free of providers: whoever renders the
 * panel for an editor gets the edits of that editor's blocks.
 */
import type { Editor } from '@tiptap/core';
import type { ResourceKind } from '@edu/shared/content/unit-content';

export interface ResourceEditRequest {
  kind: ResourceKind;
  /** The block's data: validated when it parses, otherwise the raw JSON (best effort) so it can be fixed. */
  resource: unknown;
  /** Current position of the block (undefined once it is gone). */
  getPos: () => number | undefined;
}

declare module '@tiptap/core' {
  interface EditorEvents {
    resourceEdit: ResourceEditRequest;
  }
}

export function requestResourceEdit(editor: Editor, request: ResourceEditRequest): void {
  editor.emit('resourceEdit', request);
}

/** Subscribe to the edit requests of one editor; answers the unsubscribe function. */
export function onResourceEdit(editor: Editor, handler: (request: ResourceEditRequest) => void): () => void {
  editor.on('resourceEdit', handler);
  return () => {
    editor.off('resourceEdit', handler);
  };
}
