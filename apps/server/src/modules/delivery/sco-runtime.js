// @ts-check
/* global window, document, URL */
/**
 * The script of the SCORM 1.2 package's SCO. It runs in the LEARNER'S BROWSER, inside the LMS —
 * never on this server. It is a static file, copied into the package byte for byte (scorm-package.ts `scoScript`
 * wraps it with its settings): no build step (tsx, esbuild, a coverage tool) touches it, so what the learner's
 * browser runs is exactly this text. `// @ts-check` (allowJs in apps/server/tsconfig.json) and ESLint still check it.
 * It may use only its argument and the browser's globals.
 *
 * What it does (ADL SCORM 1.2 Run-Time Environment):
 * 1. finds the LMS's API adapter (`window.API`) with ADL's discovery: this window and its parents, then the opener
 *    and its parents; calls `LMSInitialize("")`, reads `cmi.core.student_id`, `cmi.core.lesson_status`,
 *    `cmi.core.lesson_location`, and marks a first attempt `incomplete`;
 * 2. opens OUR student viewer (LMS_VIEWER_PATH with the package's dispatch token) in a frame, naming the student
 *    (`&student=<cmi.core.student_id>`) and the page to resume (`&page=<cmi.core.lesson_location>`). The server checks
 *    the licence there, at every launch; a refusal is shown by the viewer;
 * 3. listens to the viewer (SCORM_BRIDGE, only from our origin and from its own frame) and reports to the LMS:
 *    `cmi.core.lesson_location` (the page), `cmi.core.score.raw` with min 0 and max 100 (the share of the unit's
 *    questions answered right, once the student answered one in this session), `cmi.core.lesson_status` 'completed'
 *    when the student reaches the unit's last page (never taken back), then `LMSCommit("")`;
 * 4. on leaving: `cmi.core.session_time`, `cmi.core.exit` ('' when completed, 'suspend' otherwise), `LMSCommit("")`,
 *    `LMSFinish("")`.
 * Without an API the unit still opens, with a notice that progress is not recorded.
 */

/**
 * The package's settings (scorm-package.ts `ScoConfig`).
 * @typedef {object} ScoConfig
 * @property {string} launchUrl The viewer's address with the dispatch token.
 * @property {string} origin Our server's origin: the only origin whose messages the SCO reads, and the one it writes to.
 * @property {string} channel SCORM_BRIDGE.channel.
 * @property {{ loaded: string, hello: string, progress: string }} messages
 * @property {{ student: string, page: string }} params The query parameters the viewer reads.
 * @property {{ loading: string, noLms: string, frameTitle: string }} texts
 */

/**
 * The LMS's SCORM 1.2 API adapter (the calls this SCO makes).
 * @typedef {object} ScormApi
 * @property {(arg: string) => unknown} LMSInitialize
 * @property {(arg: string) => unknown} LMSFinish
 * @property {(element: string) => unknown} LMSGetValue
 * @property {(element: string, value: string) => unknown} LMSSetValue
 * @property {(arg: string) => unknown} LMSCommit
 */

/** @param {ScoConfig} config */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the line scorm-package.ts appends
function scoRuntime(config) {
  'use strict';

  /**
   * ADL's discovery: the first `API` up the chain of parents (at most 500 levels; another origin's frame is skipped).
   * @param {Window} start
   * @returns {ScormApi | null}
   */
  function search(start) {
    /** @type {Window} */
    let win = start;
    for (let level = 0; level < 500; level++) {
      try {
        const api = /** @type {{ API?: ScormApi }} */ (/** @type {unknown} */ (win)).API;
        if (api) return api;
      } catch {
        // A frame of another origin: its properties cannot be read; keep climbing.
      }
      if (!win.parent || win.parent === win) return null;
      win = win.parent;
    }
    return null;
  }
  /** @type {ScormApi | null} */
  let api = search(window);
  if (!api && window.opener) {
    try {
      api = search(/** @type {Window} */ (window.opener));
    } catch {
      api = null;
    }
  }

  const started = Date.now();
  let initialized = false;
  let finished = false;
  if (api) {
    try {
      initialized = String(api.LMSInitialize('')) === 'true';
    } catch {
      initialized = false;
    }
  }
  /** @param {string} element */
  const get = (element) => {
    if (!api || !initialized) return '';
    const value = api.LMSGetValue(element);
    return value === null || value === undefined ? '' : String(value);
  };
  /** @param {string} element @param {string} value */
  const set = (element, value) => {
    if (api && initialized && !finished) api.LMSSetValue(element, value);
  };
  const commit = () => {
    if (api && initialized && !finished) api.LMSCommit('');
  };

  let lessonStatus = get('cmi.core.lesson_status');
  if (initialized && (lessonStatus === '' || lessonStatus === 'not attempted')) {
    lessonStatus = 'incomplete';
    set('cmi.core.lesson_status', lessonStatus);
    commit();
  }
  const done = () => lessonStatus === 'completed' || lessonStatus === 'passed';

  const app = document.getElementById('app') ?? document.body;
  const status = document.getElementById('status');
  if (!initialized) {
    const notice = document.createElement('p');
    notice.className = 'notice';
    notice.setAttribute('role', 'alert');
    notice.textContent = config.texts.noLms;
    app.insertBefore(notice, app.firstChild);
  }

  const url = new URL(config.launchUrl);
  const student = get('cmi.core.student_id').trim();
  if (student) url.searchParams.set(config.params.student, student);
  const location = get('cmi.core.lesson_location');
  if (/^\d{1,4}$/.test(location)) url.searchParams.set(config.params.page, location);

  const frame = document.createElement('iframe');
  frame.className = 'unit';
  frame.title = config.texts.frameTitle;
  frame.src = url.toString();
  /** @param {string} type */
  const post = (type) => frame.contentWindow?.postMessage({ channel: config.channel, type }, config.origin);
  frame.addEventListener('load', () => {
    if (status) status.hidden = true;
    post(config.messages.hello);
  });
  app.appendChild(frame);

  window.addEventListener('message', (event) => {
    if (event.origin !== config.origin || event.source !== frame.contentWindow) return;
    const data = /** @type {Record<string, unknown> | null} */ (event.data);
    if (!data || typeof data !== 'object' || data.channel !== config.channel) return;
    if (data.type === config.messages.loaded) {
      post(config.messages.hello);
      return;
    }
    if (data.type !== config.messages.progress) return;
    const page = data.page;
    if (typeof page === 'number' && Number.isInteger(page) && page >= 0 && page < 10_000) set('cmi.core.lesson_location', String(page));
    const score = data.score;
    if (typeof score === 'number' && score >= 0 && score <= 100 && typeof data.answered === 'number' && data.answered > 0) {
      set('cmi.core.score.min', '0');
      set('cmi.core.score.max', '100');
      set('cmi.core.score.raw', String(Math.round(score)));
    }
    if (data.completed === true && !done()) {
      lessonStatus = 'completed';
      set('cmi.core.lesson_status', lessonStatus);
    }
    commit();
  });

  /** @param {number} n */
  const two = (n) => (n < 10 ? `0${n}` : String(n));
  const finish = () => {
    if (!api || !initialized || finished) return;
    const seconds = Math.max(0, Math.round((Date.now() - started) / 1000));
    set('cmi.core.session_time', `${two(Math.min(9999, Math.floor(seconds / 3600)))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`);
    set('cmi.core.exit', done() ? '' : 'suspend');
    commit();
    finished = true;
    api.LMSFinish('');
  };
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);
}
