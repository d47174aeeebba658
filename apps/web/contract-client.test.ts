// @vitest-environment node
/**
 * The web build's view of the contract (contract-client.ts), built for real with Vite from packages/shared: a page that
 * calls a route gets its method and path without the route's schemas (nor zod), a page that validates a form gets the
 * form's schema with the pt-BR messages, and the rewrite leaves what a module does for its effect.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, parseAst, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '@edu/shared/messages';
import { STORE_MSG } from '@edu/shared/store';
import { applyEdits, clientContractEdits, contractClient } from './contract-client';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Builds `entry` (a module of its own importing packages/shared) as the web build does, unminified; its code. */
async function bundle(entry: string, rewrite = true): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-client-'));
  dirs.push(dir);
  const file = path.join(dir, 'entry.ts');
  fs.writeFileSync(file, entry);
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    plugins: rewrite ? [contractClient()] : [],
    resolve: { alias: { '@edu/shared': path.resolve(import.meta.dirname, '../../packages/shared/src') } },
    build: { write: false, minify: false, lib: { entry: file, formats: ['es'], fileName: 'entry' } },
  })) as Rolldown.RolldownOutput[];
  return result[0]!.output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
}

describe("the web build's contract", () => {
  it("keeps a route's method and path and leaves out its schemas and zod", async () => {
    const entry = "import { storeRoutes } from '@edu/shared/store';\nexport const route = [storeRoutes.requestPayment.method, storeRoutes.requestPayment.path, storeRoutes.requestPayment.idempotent];\n";
    const rewritten = await bundle(entry);
    expect(rewritten).toContain('/sellers/rents');
    expect(rewritten).toContain('idempotent: true');
    expect(rewritten).not.toMatch(/\$ZodObject|strictObject|paymentRequestBody/);

    // Without the rewrite the same page carried every schema of the module, and zod with them.
    const plain = await bundle(entry, false);
    expect(plain).toMatch(/\$ZodObject/);
    expect(plain.length).toBeGreaterThan(rewritten.length * 5);
  });

  it("keeps a form's schema, which still answers in Portuguese", async () => {
    const code = await bundle("import { prospectForm } from '@edu/shared/store';\nexport const check = (v: unknown) => prospectForm.safeParse(v);\n");
    const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
    const { check } = (await import(/* @vite-ignore */ url)) as { check: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };
    expect(check({ email: 'ana@escola.br', phone: '11 99999-0000', fullName: 'Ana' }).success).toBe(true);
    const refused = check({ email: 'não é e-mail', phone: '', fullName: 'Ana' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => i.message)).toEqual([STORE_MSG.invalidEmail, MSG.required]);
    // A message no schema names comes from the pt-BR messages installed with z.config (validation.ts), which stays.
    expect(check(null).error!.issues[0]!.message).toBe(MSG.bodyMustBeObject);
  });

  it('drops only the schemas of a route literal, and wraps constants but not statements or functions', () => {
    const code = [
      "import { z } from 'zod';",
      'z.config({ customError: () => "x" });',
      'const name = z.string();',
      'export const helper = (s) => z.array(s);',
      "export const routes = { one: defineRoute({ method: 'GET', path: '/um', query: name, response: z.object({ name }), idempotent: true }) };",
    ].join('\n');
    const out = applyEdits(code, clientContractEdits(code, parseAst(code) as never)).code;
    expect(out).toContain('z.config({ customError: () => "x" });');
    expect(out).toContain('const name = /* @__PURE__ */ (() => (z.string()))();');
    expect(out).toContain('export const helper = (s) => z.array(s);');
    expect(out).toMatch(/defineRoute\(\{ method: 'GET', path: '\/um',\s+idempotent: true \}\)/);
  });
});
