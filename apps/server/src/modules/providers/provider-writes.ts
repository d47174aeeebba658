/** The writes of provider rows that other modules make through the providers front door, in their transaction. */
import type { Executor } from '../../platform/db';
import { providers } from './providers.tables';

/** Create a provider row (a sign-up); its id. */
export async function insertProvider(ex: Executor, values: typeof providers.$inferInsert): Promise<number> {
  const [row] = await ex.insert(providers).values(values).returning({ id: providers.id });
  return row!.id;
}
