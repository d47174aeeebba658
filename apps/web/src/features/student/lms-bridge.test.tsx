/**
 * The viewer's side of the SCORM package's conversation: it announces itself to its parent without data,
 * sends progress only after the parent window said hello, and only to that hello's origin.
 */
import { describe, expect, it } from 'vitest';
import { SCORM_BRIDGE, type ViewerProgress } from '@edu/shared/lms-exports';
import { connectToLms, resumePage } from './lms-bridge';

const progress: ViewerProgress = { unitId: 1, page: 2, pages: 4, completed: false, total: 1, answered: 1, right: 1, score: 100 };

function fakeWindows() {
  const posted: { data: unknown; target: string }[] = [];
  const parent = { postMessage: (data: unknown, target: string) => void posted.push({ data, target }) };
  let listener: ((e: MessageEvent) => void) | null = null;
  const win = {
    parent,
    addEventListener: (_type: string, fn: (e: MessageEvent) => void) => void (listener = fn),
    removeEventListener: () => void (listener = null),
  } as unknown as Window;
  const send = (data: unknown, origin: string, source: unknown = parent) => listener?.({ data, origin, source } as MessageEvent);
  return { win, posted, send, listening: () => listener !== null };
}

describe('connectToLms', () => {
  it('is nothing outside a frame', () => {
    const top = { addEventListener: () => undefined } as unknown as Window;
    (top as unknown as { parent: Window }).parent = top;
    expect(connectToLms(top)).toBeNull();
  });

  it('announces itself, then posts progress only to the origin of the parent that said hello', () => {
    const { win, posted, send, listening } = fakeWindows();
    const bridge = connectToLms(win)!;
    expect(posted).toEqual([{ data: { channel: SCORM_BRIDGE.channel, type: SCORM_BRIDGE.loaded }, target: '*' }]);
    bridge.report(progress);
    expect(posted).toHaveLength(1);
    // Another window, or another message, is ignored.
    send({ channel: SCORM_BRIDGE.channel, type: SCORM_BRIDGE.hello }, 'https://intruso.example', {});
    send({ channel: 'outro', type: SCORM_BRIDGE.hello }, 'https://lms.example');
    expect(posted).toHaveLength(1);
    // The SCO's hello: the last progress goes to its origin, and so does every later one.
    send({ channel: SCORM_BRIDGE.channel, type: SCORM_BRIDGE.hello }, 'https://lms.example');
    expect(posted[1]).toEqual({ data: { channel: SCORM_BRIDGE.channel, type: SCORM_BRIDGE.progress, ...progress }, target: 'https://lms.example' });
    bridge.report({ ...progress, page: 3, completed: true });
    expect(posted[2]).toMatchObject({ data: { page: 3, completed: true }, target: 'https://lms.example' });
    bridge.close();
    expect(listening()).toBe(false);
  });

  it('answers an opaque-origin SCO (a sandboxed frame) with "*"', () => {
    const { win, posted, send } = fakeWindows();
    const bridge = connectToLms(win)!;
    send({ channel: SCORM_BRIDGE.channel, type: SCORM_BRIDGE.hello }, 'null');
    bridge.report(progress);
    expect(posted.at(-1)?.target).toBe('*');
  });
});

describe('resumePage', () => {
  it('reads a page number, anything else is the introduction', () => {
    expect(resumePage('3')).toBe(3);
    for (const raw of [null, '', '-1', '2.5', 'abc', '12345']) expect(resumePage(raw)).toBe(0);
  });
});
