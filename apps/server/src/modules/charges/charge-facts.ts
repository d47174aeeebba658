/** What a charge's domain events tell (events.ts): its rents, amount, dates and, while unpaid, its Pix copia e cola. */
import type { Executor } from '../../platform/db';
import { rowsOf, type PixConfig } from './charges.queries';
import { pixReceiver } from './pix-settings';
import type { ChargeFacts, ChargePixFacts } from './events';

export type ChargeFactsOf = ChargeFacts & ChargePixFacts;

/** The facts of charge `chargeId` as `ex` sees it now (in the change's transaction). */
export async function chargeFacts(ex: Executor, config: PixConfig, chargeId: number): Promise<ChargeFactsOf> {
  const [row] = await rowsOf(ex, config, [chargeId]);
  if (!row) throw new Error(`charge ${chargeId}: not found`);
  return {
    chargeId: row.id,
    sellerId: row.sellerId,
    code: row.code,
    period: row.period,
    amountCents: row.amountCents,
    dueOn: row.dueOn,
    rents: row.rents.map((r) => ({ companyName: r.companyName, planName: r.planName, amountCents: r.amountCents })),
    pixCopiaECola: row.pixCopiaECola,
    pixDemo: row.pixCopiaECola !== null && (pixReceiver(config)?.demo ?? false),
  };
}
