/**
 * Seller account view and the terms flags (spec 1 §2.13). A seller's users see only their own seller
 * (another one answers 404); admin and director see any. Only a seller-type user of the seller accepts
 * its terms.
 */
import { eq } from 'drizzle-orm';
import type { SellerView } from '@edu/shared/institutions';
import type { Deps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import type { AuthContext } from '../../platform/sessions';
import type { Executor } from '../../platform/db';
import { sellers } from './institutions.tables';
import { requireAccess } from '../access/index';
import { uploadUrl } from '../../platform/storage';

export function toSellerView(row: typeof sellers.$inferSelect): SellerView {
  return {
    id: row.id,
    name: row.name,
    cnpj: row.cnpj,
    companyName: row.companyName,
    planId: row.planId,
    logoUrl: uploadUrl(row.logoKey),
    status: row.status as SellerView['status'],
    accepted_terms: row.acceptedTerms,
    accepted_late_payment_terms: row.acceptedLatePaymentTerms,
    createdAt: row.createdAt.toISOString(),
  };
}

async function loadSeller(db: Executor, id: number) {
  const [row] = await db.select().from(sellers).where(eq(sellers.id, id));
  if (!row) throw notFound();
  return row;
}

export function sellersService(deps: Deps) {
  const { db } = deps;
  async function accept(auth: AuthContext, sellerId: number, which: 'terms' | 'latePayment') {
    return db.transaction(async (tx) => {
      await requireAccess(tx, auth, 'seller.manage', sellerId);
      const current = await loadSeller(tx, sellerId);
      const already = which === 'terms' ? current.acceptedTerms : current.acceptedLatePaymentTerms;
      if (already) return toSellerView(current);
      const [row] = await tx
        .update(sellers)
        .set({ ...(which === 'terms' ? { acceptedTerms: true } : { acceptedLatePaymentTerms: true }), updatedAt: new Date() })
        .where(eq(sellers.id, sellerId))
        .returning();
      await record(tx, {
        userId: auth.user.id,
        sellerId,
        action: which === 'terms' ? 'accepted_terms' : 'accepted_late_payment_terms',
      });
      return toSellerView(row!);
    });
  }

  return {
    async view(auth: AuthContext, id: number) {
      await requireAccess(db, auth, 'seller.read', id);
      return toSellerView(await loadSeller(db, id));
    },
    acceptTerms: (auth: AuthContext, sellerId: number) => accept(auth, sellerId, 'terms'),
    acceptLatePaymentTerms: (auth: AuthContext, sellerId: number) => accept(auth, sellerId, 'latePayment'),
  };
}
