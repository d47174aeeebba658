/**
 * The studio's autosave rules that need no server: when a draft saves itself (after a pause in the changes, at
 * least every so often while they go on, never while disabled), which statuses it saves, and what the top bar says.
 */
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNIT_STATUSES } from '@edu/shared/units';
import { saveStatusText, SAVE_STATUS } from './components/save-status';
import { autosaves } from './model';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS, useAutosave } from './components/use-autosave';

describe('useAutosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once the changes pause, not on every change', () => {
    const run = vi.fn();
    const { rerender } = renderHook(({ content }) => useAutosave(content, true, run), { initialProps: { content: 'a' } });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    rerender({ content: 'ab' });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 5);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('saves at least every AUTOSAVE_MAX_WAIT_MS while the author keeps typing', () => {
    const run = vi.fn();
    const { rerender } = renderHook(({ content }) => useAutosave(content, true, run), { initialProps: { content: '' } });
    let text = '';
    for (let elapsed = 0; elapsed < AUTOSAVE_MAX_WAIT_MS; elapsed += 500) {
      text += 'x';
      rerender({ content: text });
      vi.advanceTimersByTime(500);
    }
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does nothing while disabled (a new unit, an invalid form, a published unit), and waits for the next change', () => {
    const run = vi.fn();
    const { rerender } = renderHook(({ content, enabled }) => useAutosave(content, enabled, run), { initialProps: { content: 'a', enabled: false } });
    vi.advanceTimersByTime(AUTOSAVE_MAX_WAIT_MS * 2);
    rerender({ content: 'ab', enabled: false });
    vi.advanceTimersByTime(AUTOSAVE_MAX_WAIT_MS * 2);
    expect(run).not.toHaveBeenCalled();
    rerender({ content: 'abc', enabled: true });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    expect(run).toHaveBeenCalledTimes(1);
    // Disabled before its time: the pending save is dropped.
    rerender({ content: 'abcd', enabled: true });
    rerender({ content: 'abcd', enabled: false });
    vi.advanceTimersByTime(AUTOSAVE_MAX_WAIT_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('which units save themselves', () => {
  it('only those whose save keeps the status: draft and correction', () => {
    expect(UNIT_STATUSES.filter(autosaves).sort()).toEqual(['correction', 'draft']);
  });
});

describe('the save status of the top bar', () => {
  const now = new Date(2026, 2, 10, 14, 40);
  const base = { saving: false, dirty: false, error: null, lastSavedAt: null };

  it('says what is saved, in order: saving, unsaved (or why not), the time of the last save', () => {
    expect(saveStatusText({ ...base, saving: true, dirty: true, lastSavedAt: now }, now)).toBe(SAVE_STATUS.saving);
    expect(saveStatusText({ ...base, dirty: true, lastSavedAt: now }, now)).toBe('Alterações não salvas');
    expect(saveStatusText({ ...base, dirty: true, error: 'Sem conexão' }, now)).toBe('Sem conexão');
    expect(saveStatusText({ ...base, lastSavedAt: new Date(2026, 2, 10, 14, 32) }, now)).toBe('Salvo às 14:32');
    expect(saveStatusText({ ...base, lastSavedAt: new Date(2026, 2, 9, 9, 5) }, now)).toBe('Salvo em 09/03/2026 às 09:05');
    // A new unit not saved yet, untouched.
    expect(saveStatusText(base, now)).toBe('');
  });
});
