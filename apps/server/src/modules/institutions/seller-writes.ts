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

/** Create an institution row; its id. */
export async function insertSeller(ex: Executor, values: typeof sellers.$inferInsert): Promise<number> {
  const [row] = await ex.insert(sellers).values(values).returning({ id: sellers.id });
  return row!.id;
}

/** The institution whose owner confirmed the sign-up e-mail becomes active. */
export async function activateSignedUpSeller(ex: Executor, sellerId: number): Promise<void> {
  await ex.update(sellers).set({ status: 'active', updatedAt: new Date() }).where(eq(sellers.id, sellerId));
}

/** Set the institution's logo (a stored file's key). */
export async function setSellerLogo(ex: Executor, sellerId: number, logoKey: string): Promise<void> {
  await ex.update(sellers).set({ logoKey, updatedAt: new Date() }).where(eq(sellers.id, sellerId));
}
