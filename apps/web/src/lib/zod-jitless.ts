/**
 * zod compiles object schemas with `new Function` where it may, and probes for it on the first parse. The app's CSP
 * forbids eval (`script-src 'self'`), so the probe was a CSP violation on every page; `jitless` keeps zod on its
 * interpreter, which is what ran after the refusal anyway. Set on the object zod reads its configuration from
 * (`globalThis.__zod_globalConfig`), so the entry does not load zod to say it. Imported first by `main.tsx`.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });

export {};
