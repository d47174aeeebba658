/**
 * Runs a SCORM package's SCO script (`sco.js`) the way a learner's browser does: in a happy-dom window at
 * the LMS's address holding the launch page's markup, with a stub SCORM 1.2 API adapter (`window.API`) that records
 * every call. The script is our own (the test built it), so happy-dom's script evaluation is on.
 */
import { Window } from 'happy-dom';

export interface ScoRun {
  window: Window;
  /** Uncaught errors of the script (a ReferenceError, …): none expected. */
  errors: string[];
  /** Every call the SCO made to the adapter, in order: [method, ...arguments]. */
  calls: string[][];
  /** The values the SCO set (the last one of each element). */
  values: Map<string, string>;
  /** The frame the SCO opened (null when none). */
  frame: () => { src: string; title: string } | null;
  /** A message to the SCO's window, as from `origin` (the viewer's frame has no window here: source null). */
  message: (origin: string, data: unknown) => void;
  close: () => Promise<void>;
}

export function runSco(script: string, opts: { lms?: Record<string, string> | null; lmsUrl?: string } = {}): ScoRun {
  const window = new Window({
    url: opts.lmsUrl ?? 'https://lms.exemplo.edu.br/mod/scorm/player.php',
    settings: { disableIframePageLoading: true, enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true },
  });
  const calls: string[][] = [];
  const values = new Map<string, string>();
  if (opts.lms !== null) {
    const stored = { 'cmi.core.lesson_status': 'not attempted', ...(opts.lms ?? {}) };
    (window as unknown as { API: unknown }).API = {
      LMSInitialize: (arg: string) => (calls.push(['LMSInitialize', arg]), 'true'),
      LMSFinish: (arg: string) => (calls.push(['LMSFinish', arg]), 'true'),
      LMSGetValue: (element: string) => (calls.push(['LMSGetValue', element]), stored[element as keyof typeof stored] ?? ''),
      LMSSetValue: (element: string, value: string) => (calls.push(['LMSSetValue', element, value]), values.set(element, value), 'true'),
      LMSCommit: (arg: string) => (calls.push(['LMSCommit', arg]), 'true'),
    };
  }
  const errors: string[] = [];
  window.addEventListener('error', (event) => errors.push(String((event as unknown as { error?: Error }).error?.message ?? 'error')));
  window.document.body.innerHTML = '<main id="app"><p id="status" role="status">Carregando…</p></main>';
  const tag = window.document.createElement('script');
  tag.textContent = script;
  window.document.body.appendChild(tag);
  return {
    window,
    errors,
    calls,
    values,
    frame: () => {
      const el = window.document.querySelector('#app iframe') as unknown as { src: string; title: string } | null;
      return el ? { src: el.src, title: el.title } : null;
    },
    message: (origin, data) => {
      window.dispatchEvent(new window.MessageEvent('message', { origin, data, source: null }));
    },
    close: () => window.happyDOM.close(),
  };
}
