/**
 * The answerable questions of a unit version, as the renderer shows them (for the LMS grade). The renderer's
 * QuestionBlock names each question by `questionKey`, and the server finds the same question by the same key among
 * the unit's valid question blocks (`unitQuestions`, in reading order: introduction, topics, synthesis), so an answer
 * the student viewer reports is checked on the server against the stored right option.
 */
import { resourcesOf, type QuestionResource } from './unit-content';

/** A question's identity, the same on every visit and on both sides: its title, statement and option ids. */
export const questionKey = (q: Pick<QuestionResource, 'title' | 'content' | 'options'>): string =>
  JSON.stringify([q.title ?? null, q.content, q.options.map((o) => o.id)]);

/** The valid question blocks of a unit version, in reading order. */
export function unitQuestions(v: { introduction: string; topics: { content: string }[]; synthesis: string }): QuestionResource[] {
  return [v.introduction, ...v.topics.map((t) => t.content), v.synthesis]
    .flatMap((html) => resourcesOf(html))
    .filter((r) => r.kind === 'question' && r.resource !== undefined)
    .map((r) => r.resource as QuestionResource);
}
