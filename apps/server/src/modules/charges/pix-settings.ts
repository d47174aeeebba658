/**
 * The receiver of the charges' Pix codes, from the configuration (PIX_KEY, PIX_NAME, PIX_CITY), and the code of one
 * charge. Without PIX_KEY the charges carry no code and the answers say Pix is not configured — except on a demo start
 * (the embedded default or DEMO_DATA=true, `config.loadDemoData`), which shows a demonstration code to a random key that
 * belongs to no one, flagged as such. A production start (a database, no DEMO_DATA) never gets it.
 */
import { pixCopiaECola } from '@edu/shared/pix';
import { CHARGES_MSG, type PixState } from '@edu/shared/charges';
import type { Config } from '../../config';

interface PixReceiver {
  key: string;
  name: string;
  city: string;
  demo: boolean;
}

/** The demonstration receiver: a random (EVP) key no bank holds, so a payer's app finds no one to pay. */
export const DEMO_PIX: PixReceiver = { key: '5abe0c00-0000-4000-8000-00000000de40', name: 'Saber Compartilhado', city: 'Sao Paulo', demo: true };

export function pixReceiver(config: Pick<Config, 'PIX_KEY' | 'PIX_NAME' | 'PIX_CITY' | 'loadDemoData'>): PixReceiver | null {
  if (config.PIX_KEY) return { key: config.PIX_KEY, name: config.PIX_NAME, city: config.PIX_CITY, demo: false };
  return config.loadDemoData ? DEMO_PIX : null;
}

export function pixStateOf(receiver: PixReceiver | null): PixState {
  if (!receiver) return { configured: false, demo: false, message: CHARGES_MSG.pixNotConfigured };
  return { configured: true, demo: receiver.demo, message: receiver.demo ? CHARGES_MSG.pixDemo : null };
}

/** The copia e cola of an unpaid charge, or null (no receiver). */
export function chargePix(receiver: PixReceiver | null, charge: { code: string; amountCents: number; period: string }): string | null {
  if (!receiver) return null;
  return pixCopiaECola({
    key: receiver.key,
    amountCents: charge.amountCents,
    merchantName: receiver.name,
    merchantCity: receiver.city,
    txid: charge.code,
  });
}
