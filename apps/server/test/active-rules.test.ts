/**
 * "Institution active" and "rent active" are each defined once: `isInstitutionActive` / `isRentActive` in the contract,
 * `institutionActive` / `rentActive` in the gate's SQL rules (modules/access/market-rules.ts). A service that compares
 * an institution's or a rent's status with a literal outside its own module (institutions, rents) or those rules
 * writes the rule a second time: this scan fails on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from './source-scan';

const INSTITUTION_STATUS_LITERAL = [
  /eq\(\s*sellers\.status\s*,\s*'/,
  /\b(?:sellers?|rs|institution|inst)\.status\s*(?:===|!==|=)\s*'/,
  /\bsellerStatus\s*(?:===|!==)\s*'/,
  /\b(?:sellers|rs|s)\.status\s*(?:=|<>|in)\s*\('?[a-z]/,
];
const RENT_STATUS_LITERAL = [/eq\(\s*(?:rents|rentHistory|h|r)\.status\s*,\s*'/, /\b(?:rent|r|h)\.status\s*(?:===|!==|=)\s*'active'/, /\brents\.status\s*=\s*'/];

/** Where each rule may be spelled: its own module, and the gate's rules. */
const OWNERS = { institution: ['modules/institutions/', 'modules/access/market-rules.ts'], rent: ['modules/rents/', 'modules/access/market-rules.ts'] };

function literalComparisons(source: string, patterns: RegExp[]): string[] {
  return source.split('\n').filter((line) => !/^\s*(\*|\/\/)/.test(line) && patterns.some((p) => p.test(line))).map((l) => l.trim());
}

function offenders(patterns: RegExp[], owners: string[]): string[] {
  return sourceFiles(path.join(SRC, 'modules'))
    .map((file) => path.relative(SRC, file))
    .filter((rel) => !owners.some((o) => rel.startsWith(o)))
    .flatMap((rel) => literalComparisons(fs.readFileSync(path.join(SRC, rel), 'utf8'), patterns).map((line) => `${rel}: ${line}`));
}

describe('"is active" is written once', () => {
  it('the scan finds a literal comparison (it cannot pass vacuously)', () => {
    expect(literalComparisons("  if (seller.status !== 'active') throw unavailable();", INSTITUTION_STATUS_LITERAL)).toHaveLength(1);
    expect(literalComparisons(".where(eq(sellers.status, 'active'))", INSTITUTION_STATUS_LITERAL)).toHaveLength(1);
    expect(literalComparisons(".where(and(eq(h.status, 'active'), lt(h.at, until)))", RENT_STATUS_LITERAL)).toHaveLength(1);
    expect(literalComparisons("  if (!isInstitutionActive(seller.status)) throw unavailable();", INSTITUTION_STATUS_LITERAL)).toEqual([]);
    // The rules' own module holds the literal.
    const rules = fs.readFileSync(path.join(SRC, 'modules/access/market-rules.ts'), 'utf8');
    expect(rules).toMatch(/INSTITUTION_ACTIVE_STATUS/);
  });

  it('no module compares an institution status with a literal outside institutions/ and the gate', () => {
    expect(offenders(INSTITUTION_STATUS_LITERAL, OWNERS.institution)).toEqual([]);
  });

  it('no module compares a rent status with a literal outside rents/ and the gate', () => {
    expect(offenders(RENT_STATUS_LITERAL, OWNERS.rent)).toEqual([]);
  });
});
