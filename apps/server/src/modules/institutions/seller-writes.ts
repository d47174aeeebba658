/** The writes of institution rows that other modules make through the institutions front door, in their transaction. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { sellers } from './institutions.tables';

/** Replace the institution's LMS key hash (the old key stops working at once); false when there is no such row. */
export async function replaceLmsKeyHash(ex: Executor, sellerId: number, keyHash: string): Promise<boolean> {
  const updated = await ex
    .update(sellers)
    .set({ lmsKeyHash: keyHash, lmsKeyGeneratedAt: new Date(), updatedAt: new Date() })
    .where(eq(sellers.id, sellerId))
    .returning({ id: sellers.id });
  return updated.length > 0;
}
