/**
 * The studio's form model (spec 2 §2.8, §3, §5): the values being edited, how a loaded unit becomes
 * values, how values become the create/update body, the editor's validation, and where each field lives
 * among the four steps.
 */
import type { KnowledgeType } from '@edu/shared/knowledge';
import { hasContent, isEmptyContent, UNIT_MSG, type UnitContentView } from '@edu/shared/content/unit-content';
import { lifecycleStep } from '@edu/shared/unit-lifecycle';
import { unitCreateBody, type UnitContent, type UnitCreateBody, type UnitStatus } from '@edu/shared/units';

/** Step index 0–3 (spec 2 §4.5). */
export const STEPS = ['Nova unidade', 'Introdução', 'Conteúdo', 'Síntese'] as const;
export const LAST_STEP = STEPS.length - 1;

export interface TopicValue {
  /** Client-side key: one editor per topic. */
  key: string;
  title: string;
  content: string;
}

export interface StudioValues {
  title: string;
  mediaUrl: string;
  questions: string;
  authors: string[];
  learningType: KnowledgeType;
  levelOfLearning: string[];
  /** Knowledge-area ids as strings (MultiSelect values). */
  knowledges: string[];
  introduction: string;
  learningObjectives: string[];
  topics: TopicValue[];
  synthesis: string;
  bibliographicReference: string[];
}

let topicCounter = 0;
export const newTopic = (title = '', content = ''): TopicValue => ({ key: `t${++topicCounter}`, title, content });

/** A new unit: university type (spec 2 §2.8), one empty topic to write into. */
export function emptyValues(): StudioValues {
  return {
    title: '',
    mediaUrl: '',
    questions: '',
    authors: [],
    learningType: 'university',
    levelOfLearning: [],
    knowledges: [],
    introduction: '',
    learningObjectives: [],
    topics: [newTopic()],
    synthesis: '',
    bibliographicReference: [],
  };
}

export function valuesOf(unit: UnitContent): StudioValues {
  return {
    title: unit.title,
    mediaUrl: unit.mediaUrl ?? '',
    questions: unit.questions ?? '',
    authors: [...unit.authors],
    learningType: unit.learningType,
    levelOfLearning: [...unit.levelOfLearning],
    knowledges: unit.knowledges.map((k) => String(k.id)),
    introduction: unit.introduction,
    learningObjectives: [...unit.learningObjectives],
    topics: unit.topics.length > 0 ? unit.topics.map((t) => newTopic(t.title, t.content)) : [newTopic()],
    synthesis: unit.synthesis,
    bibliographicReference: [...unit.bibliographicReference],
  };
}

const list = (items: string[]) => items.map((s) => s.trim()).filter((s) => s !== '');
/** Rich text as stored: without the empty paragraphs Tiptap keeps at the end (an empty document is ''). */
const html = (value: string) => value.replace(/(<p><\/p>)+$/, '');
/** A topic with neither a title nor content (THE emptiness rule of the shared unit-content reading). */
export const isBlankTopic = (t: TopicValue) => t.title.trim() === '' && isEmptyContent(t.content);

/** The create body (the update adds id, revision and, for a published unit, updateMessage). */
export function bodyOf(v: StudioValues): UnitCreateBody & { synthesis: string } {
  return {
    title: v.title.trim(),
    mediaUrl: v.mediaUrl.trim(),
    questions: v.questions.trim(),
    // Empty strings are removed from lists before sending (spec 2 §5).
    authors: list(v.authors),
    learningType: v.learningType,
    levelOfLearning: v.levelOfLearning,
    knowledges: v.knowledges.map(Number),
    introduction: html(v.introduction),
    learningObjectives: list(v.learningObjectives),
    // A topic with neither title nor content is not content.
    topics: v.topics.filter((t) => !isBlankTopic(t)).map((t) => ({ title: t.title.trim(), content: html(t.content) })),
    synthesis: html(v.synthesis),
    bibliographicReference: list(v.bibliographicReference),
  };
}

/** What the live preview shows of the values being edited. */
export function previewOf(v: StudioValues): UnitContentView {
  return {
    title: v.title.trim(),
    authors: list(v.authors),
    mediaUrl: v.mediaUrl.trim() || null,
    introduction: html(v.introduction),
    learningObjectives: list(v.learningObjectives),
    topics: v.topics.map((t) => ({ title: t.title, content: html(t.content) })),
    synthesis: html(v.synthesis),
    bibliographicReference: list(v.bibliographicReference),
  };
}

const fieldError = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error?.issues[0]?.message ?? null);
};

/**
 * The editor's checks on every save (spec 2 §5): title required; links of the cover and the question
 * bank valid; when editing, synthesis required — filled as the server judges it (`hasContent`: text,
 * an image, a Latex formula or a valid resource block; not white space, `&nbsp;` or empty paragraphs).
 */
export function validate(v: StudioValues, editing: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  const title = v.title.trim() ? fieldError(unitCreateBody.shape.title, v.title) : UNIT_MSG.titleRequired;
  if (title) errors.title = title;
  const media = fieldError(unitCreateBody.shape.mediaUrl, v.mediaUrl);
  if (media) errors.mediaUrl = media;
  const questions = fieldError(unitCreateBody.shape.questions, v.questions);
  if (questions) errors.questions = questions;
  if (editing && !hasContent(v.synthesis)) errors.synthesis = UNIT_MSG.synthesisRequired;
  return errors;
}

/** The step that holds a field (for jumping to the first error). */
export function stepOf(field: string): number {
  const root = field.split('.')[0]!;
  if (['introduction', 'learningObjectives'].includes(root)) return 1;
  if (root === 'topics') return 2;
  if (['synthesis', 'bibliographicReference'].includes(root)) return 3;
  return 0;
}

/** The first step holding one of these errors. */
export const firstErrorStep = (errors: Record<string, unknown>) => Math.min(...Object.keys(errors).map(stepOf));

/**
 * Local drafts (spec 2 §2.8: "cleared on entering and on leaving the editor"). The studio keeps no
 * draft of its own; this removes any left by an older editor, under keys starting with `studio-draft`.
 */
export function clearLocalDrafts() {
  for (const store of [window.sessionStorage, window.localStorage]) {
    try {
      for (const key of Object.keys(store)) if (key.startsWith('studio-draft')) store.removeItem(key);
    } catch {
      // Storage unavailable (private mode): nothing to clear.
    }
  }
}

/**
 * The statuses saved by themselves (the studio's autosave): those whose save keeps the status (the lifecycle's save
 * event), draft and correction. Not publish (its update is a new version with a reason) nor reproved (saved, it
 * becomes a draft): the author saves those.
 */
export const autosaves = (status: UnitStatus) => lifecycleStep(status, 'save')?.to === status;
