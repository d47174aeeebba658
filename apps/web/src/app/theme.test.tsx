/**
 * The theme's contrast (WCAG 2.2 AA, docs/decisions.md 'Accessibility'): text on every background a button, an action
 * icon, a badge or a menu link of the colours the app uses shows at rest and on hover, computed from the CSS variables
 * Mantine writes for this theme (its defaults with cssVariablesResolver's overrides on top).
 */
import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const COLOURS = ['blue', 'red', 'green', 'teal', 'gray', 'orange', 'yellow', 'grape', 'violet', 'indigo', 'pink', 'lime', 'cyan'] as const;

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const base = defaultCssVariablesResolver(merged);
const ours = cssVariablesResolver(merged);
const vars: Record<string, string> = { ...base.variables, ...base.light, ...ours.variables, ...ours.light };

/** A variable's colour, following `var(--…)` references. */
function resolve(value: string): string {
  const ref = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (!ref) return value;
  const next = vars[ref[1]!];
  if (next === undefined) throw new Error(`no ${ref[1]}`);
  return resolve(next);
}
const v = (name: string) => resolve(`var(--mantine-${name})`);

/** An `rgba(…)` colour laid over white; a hex colour as it is. */
function overWhite(colour: string): string {
  const m = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(colour.trim());
  if (!m) return colour;
  const a = Number(m[4]);
  return `#${[m[1], m[2], m[3]].map((c) => Math.round(Number(c) * a + 255 * (1 - a)).toString(16).padStart(2, '0')).join('')}`;
}

function channels(colour: string): number[] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) throw new Error(`not a hex colour: ${colour}`);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
}
function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Every pair of text and background the variants draw, per colour. */
function contrastTable() {
  return COLOURS.map((c) => ({
    colour: c,
    lightRest: contrast(v(`color-${c}-light-color`), v(`color-${c}-light`)),
    lightHover: contrast(v(`color-${c}-light-color`), v(`color-${c}-light-hover`)),
    // Subtle: the light text on the page (white, or the shell's grey 0) at rest, on the light hover tint on hover.
    subtleRest: Math.min(contrast(v(`color-${c}-light-color`), '#ffffff'), contrast(v(`color-${c}-light-color`), v('color-gray-0'))),
    filledRest: contrast('#ffffff', v(`color-${c}-filled`)),
    filledHover: contrast('#ffffff', v(`color-${c}-filled-hover`)),
    // Outline: its colour on the page at rest, on a faint tint of it on hover.
    outlineHover: contrast(v(`color-${c}-outline`), overWhite(v(`color-${c}-outline-hover`))),
  }));
}

describe('theme contrast', () => {
  it.each(contrastTable())('$colour: light, subtle, filled and outline text reach 4.5:1 at rest and on hover', (row) => {
    expect(row.lightRest).toBeGreaterThanOrEqual(4.5);
    expect(row.lightHover).toBeGreaterThanOrEqual(4.5);
    expect(row.subtleRest).toBeGreaterThanOrEqual(4.5);
    expect(row.filledRest).toBeGreaterThanOrEqual(4.5);
    expect(row.filledHover).toBeGreaterThanOrEqual(4.5);
    expect(row.outlineHover).toBeGreaterThanOrEqual(4.5);
  });

  it('default buttons keep 4.5:1 on hover', () => {
    expect(contrast(v('color-default-color'), v('color-default-hover'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v('color-default-color'), v('color-default'))).toBeGreaterThanOrEqual(4.5);
  });

  it('secondary text and placeholders reach 4.5:1 on white and on grey 0', () => {
    for (const name of ['color-dimmed', 'color-placeholder']) {
      expect(contrast(v(name), '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(v(name), v('color-gray-0'))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("fields' error messages reach 4.5:1 on white", () => {
    expect(contrast(v('color-error'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

// `PRINT_CONTRAST=1 npx vitest run apps/web/src/app/theme.test.tsx`: the table of docs/decisions.md.
if (process.env.PRINT_CONTRAST) console.table(contrastTable().map((r) => Object.fromEntries(Object.entries(r).map(([k, x]) => [k, typeof x === 'number' ? x.toFixed(2) : x]))));
