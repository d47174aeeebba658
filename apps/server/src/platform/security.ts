/** Passwords (argon2id), random tokens and their hashes. */
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const ARGON = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON);

let dummyHash: Promise<string> | null = null;
/**
 * Verify a password. With no stored hash (unknown e-mail) it still verifies against a dummy hash so
 * that a failed sign-in takes the same time whether or not the e-mail exists.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** A random 256-bit token, URL-safe. */
export const randomToken = () => crypto.randomBytes(32).toString('base64url');
export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** A random first password: 12 characters, letters and digits, easy to type from an e-mail. */
export function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = crypto.randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
