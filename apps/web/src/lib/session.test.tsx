/**
 * Inside an LMS iframe with third-party cookies blocked, Chromium throws a SecurityError on any access to
 * `window.localStorage`; the session then lives in memory for the page, so the student viewer and the LTI content
 * picker render (found by e2e/lti.spec.ts) instead of failing on their first read of the token.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const original = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
afterEach(() => {
  Object.defineProperty(window, 'localStorage', original);
  vi.resetModules();
});

describe('session storage', () => {
  it('keeps the session in memory when the browser refuses storage', async () => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
      },
    });
    vi.resetModules();
    const { session } = await import('./session');
    expect(session.token()).toBeNull();
    expect(session.user()).toBeNull();
    session.start('tok', { id: 1, name: 'A', email: 'a@b.c', type: 'seller' } as never);
    expect(session.token()).toBe('tok');
    session.clear();
    expect(session.token()).toBeNull();
  });

  it('uses localStorage when it is there', async () => {
    vi.resetModules();
    const { session } = await import('./session');
    session.start('tok-2', { id: 2, name: 'B', email: 'b@b.c', type: 'seller' } as never);
    expect(window.localStorage.getItem('sc.token')).toBe('tok-2');
    session.clear();
    expect(window.localStorage.getItem('sc.token')).toBeNull();
  });
});
