// @vitest-environment node
/**
 * The web boundaries of eslint.config.js are enforced: sample violations, linted as if they were files
 * of the app, must each be reported (and the allowed forms must not be). `npm run lint` runs the same
 * configuration over the real files.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function rulesHit(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('web boundaries (eslint)', { timeout: 60_000 }, () => {
  it("a feature may not import another feature's internals", async () => {
    const file = 'apps/web/src/features/reviews/components/sample.tsx';
    expect(await rulesHit(file, "import { StepContent } from '../../studio/components/step-content';\nexport const x = StepContent;\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesHit(file, "import { unitsKeys } from '../../units/api';\nexport const x = unitsKeys;\n")).toContain('import-x/no-restricted-paths');
    // Its public surface is fine.
    expect(await rulesHit(file, "import { unitsKeys } from '../../units';\nexport const x = unitsKeys;\n")).toEqual([]);
  });

  it('ui/ and lib/ import no feature; app/ only public surfaces and pages', async () => {
    expect(await rulesHit('apps/web/src/ui/sample.tsx', "import { unitsKeys } from '../features/units';\nexport const x = unitsKeys;\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      await rulesHit('apps/web/src/app/sample.tsx', "import { NotificationBell } from '../features/notifications/components/notification-bell';\nexport const x = NotificationBell;\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('API calls only in api.ts', async () => {
    const code = "import { call } from '../../../lib/api';\nexport const x = call;\n";
    expect(await rulesHit('apps/web/src/features/units/components/sample.tsx', code)).toContain('no-restricted-imports');
  });

  it('no import cycles', async () => {
    // lib/toast.ts is imported by lib/api-session.ts: importing lib/api-session from a module it depends on closes a cycle.
    const hits = await rulesHit('apps/web/src/lib/toast.ts', "import { connectApiToSession } from './api-session';\nexport const x = connectApiToSession;\n");
    expect(hits).toContain('import-x/no-cycle');
  });
});
