/**
 * The server's module boundaries (eslint.config.js `serverBoundaryZones`, tools/module-graph.mjs): sample violations,
 * linted as if they were files of the server, must each be reported, and the allowed forms must not be. `npm run lint`
 * runs the same configuration over the real files, then the module graph's cycle check.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function rulesHit(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('server boundaries (eslint)', { timeout: 60_000 }, () => {
  const service = 'apps/server/src/modules/subjects/sample.ts';

  it("a module may not import another module's insides, nor its tables", async () => {
    expect(await rulesHit(service, "import { groupedUnits } from '../units/grouped-units';\nexport const x = groupedUnits;\n")).toContain('import-x/no-restricted-paths');
    expect(await rulesHit(service, "import { items } from '../units/units.tables';\nexport const x = items;\n")).toContain('import-x/no-restricted-paths');
    // The front door, its own files, the schema and platform are fine.
    expect(await rulesHit(service, "import { groupedUnits } from '../units/index';\nexport const x = groupedUnits;\n")).toEqual([]);
    expect(await rulesHit(service, "import { subjects } from './subjects.tables';\nexport const x = subjects;\n")).toEqual([]);
    expect(await rulesHit(service, "import { items } from '../../db/schema';\nimport { AppError } from '../../platform/errors';\nexport const x = [items, AppError];\n")).toEqual([]);
  });

  it('platform/ imports no module', async () => {
    const code = "import { authenticateStudent } from '../modules/student/index';\nexport const x = authenticateStudent;\n";
    expect(await rulesHit('apps/server/src/platform/sample.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('a table imports only tables', async () => {
    const file = 'apps/server/src/modules/courses/sample.tables.ts';
    expect(await rulesHit(file, "import { subjects } from '../subjects/subjects.tables';\nexport const x = subjects;\n")).toEqual([]);
    expect(await rulesHit(file, "import { groupedUnits } from '../units/index';\nexport const x = groupedUnits;\n")).toContain('import-x/no-restricted-paths');
  });

  it('the module graph has no cycle', () => {
    // Throws (exit 1, naming the cycle) when two modules reach each other through their imports.
    expect(execFileSync('node', [path.join(root, 'tools/module-graph.mjs'), '--check'], { encoding: 'utf8' })).toMatch(/no cycle/);
  });
});
