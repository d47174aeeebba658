/**
 * The Node versions the product supports (package.json `engines`: 20.19+ — tested here —, 22.13+ and 24+, where
 * operators run it): every package the lockfile installs, runtime or development, accepts the first release of each
 * supported line, so `npm ci` prints no engine warning on any of them.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean; minVersion(range: string): { version: string } | null };
const SUPPORTED = ['20.19.0', '22.13.0', '24.0.0'];

describe('Node versions', () => {
  it('package.json says 20.19+, 22.13+ and 24+, and every installed package accepts each', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    for (const version of SUPPORTED) expect(semver.satisfies(version, pkg.engines.node), version).toBe(true);
    expect(semver.minVersion(pkg.engines.node)?.version).toBe('20.19.0');
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };
    const refused: string[] = [];
    for (const [where, p] of Object.entries(lock.packages)) {
      const range = p.engines && !Array.isArray(p.engines) ? p.engines.node : undefined;
      if (!where || !range) continue;
      for (const version of SUPPORTED) if (!semver.satisfies(version, range)) refused.push(`${where}@${p.version} (${range}) refuses Node ${version}`);
    }
    expect(refused).toEqual([]);
  });
});
