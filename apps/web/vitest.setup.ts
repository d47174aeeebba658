import { configure } from '@testing-library/dom';

/**
 * happy-dom (the web tests' DOM) answers '' from `Node.prototype.nodeName` and keeps the real name in
 * subclass getters; DOMPurify reads `nodeName` through `Node.prototype` (against DOM clobbering), so
 * under happy-dom it would see no element names. Browsers define it on Node.prototype: make
 * happy-dom's getter defer to the subclass, as a browser's would answer. Test-only.
 */
const base = typeof Node === 'undefined' ? undefined : Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName')?.get;
if (base) {
  Object.defineProperty(Node.prototype, 'nodeName', {
    configurable: true,
    get(this: Node) {
      for (let proto = Object.getPrototypeOf(this); proto && proto !== Node.prototype; proto = Object.getPrototypeOf(proto)) {
        const own = Object.getOwnPropertyDescriptor(proto, 'nodeName')?.get;
        if (own) return own.call(this);
      }
      return base.call(this);
    },
  });
}

/** jsdom (the few files that need a spec-conforming DOM) has no matchMedia nor ResizeObserver; Mantine reads both. */
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/**
 * `findBy…` and `waitFor` wait up to 5 s (Testing Library's default is 1 s): a component loaded with `import()` (the
 * rich-text editor, a dialog loaded on use) can take longer than a second when the suite runs its files in parallel on
 * a busy machine. A wait that ends sooner ends as soon as its condition holds.
 */
configure({ asyncUtilTimeout: 5000 });

/** The signed-in app's API connection (main.tsx registers it): calls carry the session's token, a 401 ends it, a 503 toasts. */
if (typeof window !== 'undefined') {
  const { connectApiToSession } = await import('./src/lib/api-session');
  connectApiToSession();
}
