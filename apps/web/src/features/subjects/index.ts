/**
 * Public surface of the subjects feature: the 'Adicionar à disciplina' modal the catalogue pages mount, the query
 * keys (a change elsewhere, e.g. an opt-in update, invalidates `subjectsKeys.all`) and the share-link spot's target.
 */
export { AddToSubjectModal, type AddToSubjectModalProps } from './components/add-to-subject-modal';
export { LazyAddToSubjectModal, preloadAddToSubject } from './components/lazy-add-to-subject-modal';
export { subjectsKeys } from './api';
export type { ShareTarget } from './components/share-slot';
