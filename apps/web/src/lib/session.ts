/**
 * The session in local storage (spec 1 §3): token, user and the seller's LMS key, kept apart. Where the browser refuses
 * storage — a page inside an LMS iframe with third-party cookies blocked (the student viewer and the LTI
 * content picker), private modes — it lives in memory for the page instead of failing every render.
 */
import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@edu/shared/auth';

const KEYS = { token: 'sc.token', user: 'sc.user', lmsKey: 'sc.lmsKey' } as const;

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
function memoryStorage(): KeyValue {
  const values = new Map<string, string>();
  return { getItem: (k) => values.get(k) ?? null, setItem: (k, v) => void values.set(k, v), removeItem: (k) => void values.delete(k) };
}
let store: KeyValue | null = null;
/** localStorage, or memory when reading it throws (a SecurityError in a third-party iframe without cookies). */
function storage(): KeyValue {
  if (store) return store;
  try {
    const local = window.localStorage;
    local.getItem(KEYS.token);
    store = local;
  } catch {
    store = memoryStorage();
  }
  return store;
}
const localStorage = { getItem: (k: string) => storage().getItem(k), setItem: (k: string, v: string) => storage().setItem(k, v), removeItem: (k: string) => storage().removeItem(k) };
/**
 * The stored user when it has the shape the app reads: who it is (id, name, e-mail, type) and, when present, its
 * provider and institution as objects with their ids (checked by hand: the entry does not load zod).
 */
function parseUser(raw: string): SessionUser | null {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const u = v as Record<string, unknown>;
  const linked = (o: unknown) => o === undefined || o === null || (typeof o === 'object' && typeof (o as { id?: unknown }).id === 'number');
  const grants = (u.seller as { grants?: unknown } | null | undefined)?.grants;
  const ok =
    typeof u.id === 'number' &&
    typeof u.name === 'string' &&
    typeof u.email === 'string' &&
    typeof u.type === 'string' &&
    linked(u.provider) &&
    linked(u.seller) &&
    (grants === undefined || Array.isArray(grants));
  return ok ? (v as SessionUser) : null;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedUser: SessionUser | null = null;

function emit() {
  for (const l of listeners) l();
}

export const session = {
  token: () => localStorage.getItem(KEYS.token),
  user(): SessionUser | null {
    const raw = localStorage.getItem(KEYS.user);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cachedUser = raw ? parseUser(raw) : null;
      // A stored user this version cannot read (edited by hand, cut short, from an older shape) ends the session: the
      // sign-in page, never a page that breaks on it. Nothing to tell listeners: the answer is already "no user".
      if (raw && !cachedUser) {
        for (const key of Object.values(KEYS)) localStorage.removeItem(key);
        cachedRaw = null;
      }
    }
    return cachedUser;
  },
  lmsKey: () => localStorage.getItem(KEYS.lmsKey),
  start(token: string, user: SessionUser) {
    localStorage.setItem(KEYS.token, token);
    localStorage.setItem(KEYS.user, JSON.stringify(user));
    emit();
  },
  setUser(user: SessionUser) {
    localStorage.setItem(KEYS.user, JSON.stringify(user));
    emit();
  },
  setLmsKey(key: string) {
    localStorage.setItem(KEYS.lmsKey, key);
    emit();
  },
  clear() {
    for (const key of Object.values(KEYS)) localStorage.removeItem(key);
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = () => listener();
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(session.subscribe, session.user, () => null);
}
