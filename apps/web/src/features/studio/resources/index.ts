/**
 * Resources of the studio editor (spec 2 §2.8 step 3, §2.9, §5 Resources).
 *
 * - `ResourceBlock`: Tiptap node 'resourceBlock' (atom block, draggable, selectable) for the stored
 *   `<div data-type data-subtype data-resource>` blocks; renders back exactly what `blockHtml` produces and
 *   shows the resource (ResourceView) with 'Editar', 'Copiar' and 'Excluir'. Add it to the editor's extensions.
 * - `ResourcesPanel` `{ editor, opened, onClose, providerId }`: the 'Recursos' drawer. The parent controls
 *   `opened` for the picker; a block's 'Editar' (or Enter on a selected block) opens the panel by itself on
 *   that block's form, through the editor event `resourceEdit` (see resource-events.ts): render one panel per
 *   editor that holds resource blocks (or pass it the editor whose blocks should be editable).
 * - `RecursosButton`: the 'Recursos' button that opens the panel.
 * - `onResourceEdit(editor, handler)` / `requestResourceEdit(editor, request)`: the edit event, for custom UIs.
 * - `insertResourceBlock` / `updateResourceBlock`: the editor commands the panel uses.
 */
export { ResourceBlock, RESOURCE_BLOCK, blockData, type ResourceBlockAttrs } from './resource-block';
export { ResourcesPanel, ResourcePicker, RecursosButton, insertResourceBlock, updateResourceBlock, type ResourcesPanelProps } from './resources-panel';
export { ResourceForm, type ResourceFormViewProps } from './resource-form';
export { onResourceEdit, requestResourceEdit, type ResourceEditRequest } from './resource-events';
