/**
 * THE unit-content model (spec 2 §3): the fields of a unit, its topics, and the resource blocks that live
 * inside a topic's HTML.
 *
 * A topic is `{ title, content }` where `content` is rich-text HTML. Resources (Videoaula, Figura,
 * Questão, …) are stored inside that HTML as marked blocks:
 *
 *   <div data-type="question" data-subtype="" data-resource="{…json…}"></div>
 *
 * `data-type` and `data-subtype` name the section kind (spec 2 §3 "Topic section"), `data-resource`
 * holds the resource's data as JSON validated by `RESOURCE_SCHEMAS`. The renderer splits a topic's HTML
 * into sections: runs of plain rich text (type txt) and resource blocks (every other type). The server
 * sanitizes the HTML with the unit allow-list and re-validates every block on write; a block of an
 * unknown type/subtype or with invalid data is dropped.
 *
 * This file is the model's entry: the unit's own fields (topics, the completeness rule) are here; the resource
 * blocks are in unit-resources.ts, video and podcast addresses in media-links.ts and the reading of stored
 * content (empty or not, its text, its resources, the renderer's segments) in unit-reading.ts, all re-exported.
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { LIMITS } from '../limits';
import { hasContent } from './unit-reading';

export * from './unit-resources';
export * from './media-links';
export * from './unit-reading';

export const topic = z.object({
  title: z.string().trim().max(LIMITS.topicTitleMax, MSG.maxChars(LIMITS.topicTitleMax)),
  /** Rich-text HTML with resource blocks; sanitized on write. */
  content: z.string().max(2_000_000, MSG.invalidValue),
});
export type Topic = z.infer<typeof topic>;

export const UNIT_MSG = {
  titleRequired: 'Insira o título desse item',
  synthesisRequired: 'Insira a síntese desse item',
  incomplete: 'Preencha todos os campos do item antes de enviar para a análise.',
  updateMessageRequired: 'Descreva o que está sendo atualizado',
} as const;

/** The pieces every view of a unit shows (the renderer's input). */
export interface UnitContentView {
  title: string;
  authors: string[];
  mediaUrl: string | null;
  introduction: string;
  learningObjectives: string[];
  topics: Topic[];
  synthesis: string;
  bibliographicReference: string[];
}

/** Spec 2 §5 "Sending a unit for analysis". */
export function isUnitComplete(u: {
  authors: string[];
  bibliographicReference: string[];
  learningObjectives: string[];
  levelOfLearning: string[];
  knowledges: unknown[];
  introduction: string;
  synthesis: string;
}): boolean {
  const some = (list: string[]) => list.some((s) => s.trim() !== '');
  return (
    some(u.authors) &&
    some(u.bibliographicReference) &&
    some(u.learningObjectives) &&
    some(u.levelOfLearning) &&
    u.knowledges.length > 0 &&
    hasContent(u.introduction) &&
    hasContent(u.synthesis)
  );
}
