/**
 * The student viewer loads no Mantine: features/student/viewer.css defines the theme's CSS variables its components
 * read. They must be the app's (app/theme.ts: createTheme + cssVariablesResolver), so the viewer looks as the
 * app does and keeps its contrast ratios. Fails when a value drifts from the theme, and when a component the viewer
 * shows reads a variable the viewer does not define.
 */
/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../../app/theme';

/** Read as text (vitest does not load CSS). */
const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const viewerCss = read('./viewer.css');

/** What the viewer shows: its own styles, the shared controls, the unit renderer, the problem dialog. */
const FILES = Object.keys({
  ...import.meta.glob(['./**/*.{css,tsx}', '!./**/*.test.tsx', '!./viewer.css']),
  ...import.meta.glob(['../../ui/basic/*', '../../ui/unit-content/*.{css,tsx}', '!../../ui/**/*.test.tsx', '../../ui/*.module.css', '!../../ui/file-drop.module.css', '../../ui/brand.tsx', '../../ui/safe-html.tsx']),
  ...import.meta.glob('../reviews/components/problem-report-dialog.tsx'),
});
const SOURCES = Object.fromEntries(FILES.map((f) => [f, read(f)]));

/** The theme's variables as MantineProvider sets them in the app (light scheme). */
function themeVariables(): Map<string, string> {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const base = defaultCssVariablesResolver(merged);
  const app = cssVariablesResolver(merged);
  return new Map(Object.entries({ ...base.variables, ...base.light, ...app.variables, ...app.light }));
}

const declared = (css: string) => new Map([...css.matchAll(/(--mantine-[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
const used = (text: string) => new Set([...text.matchAll(/var\((--mantine-[\w-]+)/g)].map((m) => m[1]!));

describe("the student viewer's theme variables", () => {
  const expected = themeVariables();
  const ours = declared(viewerCss);

  it('has the value the app theme gives each variable it defines', () => {
    expect(ours.size).toBeGreaterThan(40);
    for (const [name, value] of ours) expect(value, name).toBe(expected.get(name));
  });

  it('defines every variable its components read (and those their values read)', () => {
    const needed = new Set<string>();
    const add = (name: string) => {
      if (needed.has(name)) return;
      needed.add(name);
      for (const inner of used(ours.get(name) ?? '')) add(inner);
    };
    for (const text of Object.values(SOURCES)) for (const name of used(text)) add(name);
    for (const name of used(viewerCss)) add(name);
    expect(Object.keys(SOURCES).length).toBeGreaterThan(10);
    const missing = [...needed].filter((name) => !ours.has(name));
    expect(missing, `add to viewer.css:\n${missing.map((n) => `  ${n}: ${expected.get(n)};`).join('\n')}`).toEqual([]);
  });
});
