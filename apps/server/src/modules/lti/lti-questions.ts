/** The answerable questions of unit versions, read as the renderer reads them (content/unit-questions.ts). */
import { inArray } from 'drizzle-orm';
import type { QuestionResource } from '@edu/shared/content/unit-content';
import { unitQuestions } from '@edu/shared/content/unit-questions';
import type { Executor } from '../../platform/db';
import { itemContents } from '../../db/schema';

export async function questionsOf(ex: Executor, contentIds: number[]): Promise<Map<number, QuestionResource[]>> {
  const out = new Map<number, QuestionResource[]>();
  const ids = [...new Set(contentIds)];
  if (!ids.length) return out;
  const rows = await ex
    .select({ id: itemContents.id, introduction: itemContents.introduction, topics: itemContents.topics, synthesis: itemContents.synthesis })
    .from(itemContents)
    .where(inArray(itemContents.id, ids));
  for (const row of rows) out.set(row.id, unitQuestions(row));
  return out;
}
