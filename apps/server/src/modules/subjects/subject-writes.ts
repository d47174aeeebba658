/** The writes of subject rows that other modules make through the subjects front door, in their transaction. */
import type { Executor } from '../../platform/db';
import { subjectItems, subjects } from './subjects.tables';

/** Create a subject; its id. */
export async function insertSubject(ex: Executor, values: typeof subjects.$inferInsert): Promise<number> {
  const [row] = await ex.insert(subjects).values(values).returning({ id: subjects.id });
  return row!.id;
}

/** Put units in subjects (one statement; nothing when `rows` is empty). */
export async function insertSubjectItems(ex: Executor, rows: (typeof subjectItems.$inferInsert)[]): Promise<void> {
  if (rows.length) await ex.insert(subjectItems).values(rows);
}
