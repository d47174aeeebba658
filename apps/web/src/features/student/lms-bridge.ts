/**
 * The viewer's side of the SCORM package's conversation (SCORM_BRIDGE in packages/shared/src/lms-exports.ts).
 * On the LMS page (LMS_VIEWER_PATH) opened in a frame, the viewer announces itself to its parent with `loaded` (no
 * data); the package's SCO answers `hello`; from then on every progress goes to the origin that said hello, and only to
 * the parent window. The SCO, not the viewer, talks to the LMS's SCORM API (another origin: the viewer cannot reach it).
 * Outside a frame, or when no SCO answers (a cartridge's web link), nothing is sent.
 */
import { createContext, useCallback, useEffect, useRef } from 'react';
import { SCORM_BRIDGE, type ViewerProgress } from '@edu/shared/lms-exports';

export interface LmsBridge {
  report(progress: ViewerProgress): void;
  close(): void;
}

export function connectToLms(win: Window = window): LmsBridge | null {
  const parent = win.parent;
  if (!parent || parent === win) return null;
  let target: string | null = null;
  let last: ViewerProgress | null = null;
  const send = (progress: ViewerProgress) => {
    if (target) parent.postMessage({ channel: SCORM_BRIDGE.channel, type: SCORM_BRIDGE.progress, ...progress }, target);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.source !== parent) return;
    const data = event.data as { channel?: unknown; type?: unknown } | null;
    if (!data || data.channel !== SCORM_BRIDGE.channel || data.type !== SCORM_BRIDGE.hello) return;
    // An opaque origin (a sandboxed or file: SCO) cannot be named as a target; the window is checked above.
    target = event.origin === 'null' ? '*' : event.origin;
    if (last) send(last);
  };
  win.addEventListener('message', onMessage);
  parent.postMessage({ channel: SCORM_BRIDGE.channel, type: SCORM_BRIDGE.loaded }, '*');
  return {
    report(progress) {
      last = progress;
      send(progress);
    },
    close() {
      win.removeEventListener('message', onMessage);
    },
  };
}

/** The bridge for the LMS page's lifetime; `report` is stable and sends nothing outside a frame or before a hello. */
export function useLmsBridge(): (progress: ViewerProgress) => void {
  const bridge = useRef<LmsBridge | null>(null);
  // A progress reported before the bridge connected (children's effects run first) is handed over on connecting.
  const latest = useRef<ViewerProgress | null>(null);
  useEffect(() => {
    const connected = connectToLms();
    bridge.current = connected;
    if (connected && latest.current) connected.report(latest.current);
    return () => {
      connected?.close();
      bridge.current = null;
    };
  }, []);
  return useCallback((progress: ViewerProgress) => {
    latest.current = progress;
    bridge.current?.report(progress);
  }, []);
}

/** What the viewer's unit reader gets on the LMS page: where to report its progress, and the page to start at. */
export interface LmsReader {
  report(progress: ViewerProgress): void;
  /** `&page=` (cmi.core.lesson_location of a resumed attempt); 0 = the introduction. */
  initialPage: number;
}
/** Provided by the LMS page only (student-lms-page.tsx); null on the share link's page. */
export const LmsReaderContext = createContext<LmsReader | null>(null);

/** `&page=` of an LMS resuming an attempt: a page number, else 0. */
export const resumePage = (raw: string | null): number => (raw !== null && /^\d{1,4}$/.test(raw) ? Number(raw) : 0);
