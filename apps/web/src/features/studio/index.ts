/**
 * Public surface of the studio: the unit-editing pieces the review screen's edit mode reuses (the
 * fields, their checks and the body are the studio's). Import it only from lazily loaded code: it
 * brings the topic editor's resource blocks (Tiptap).
 */
export { MultiTextInput } from './components/multi-text-input';
export { StepContent } from './components/step-content';
export { SHORT_EDITOR_HEIGHT } from './components/step-introduction';
export { StepSynthesis } from './components/step-synthesis';
export { bodyOf, stepOf, validate, valuesOf, type StudioValues } from './model';
export { ResourcesPanel } from './resources';
