/**
 * The script of the LTI platform-storage pages (lti-storage-script.ts) run as a browser runs it: a happy-dom window at
 * the tool's address holding the page's `#lti-storage` element, whose opener is a platform window (and its named
 * storage frame) that delivers a message only when the target origin is its own, as browsers do, and answers as
 * LTI postMessage Storage 0.1 says — or answers from another origin, with another message id, with an error, or not at
 * all. `fetch` and `location.replace` are recorded. The Chromium journey (e2e/lti.spec.ts) runs the same script
 * against the harness's platform.
 */
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { STORAGE_SCRIPT } from '../src/modules/lti/lti-storage-script';

const TOOL = 'http://localhost:3000';
const PLATFORM = 'https://moodle.exemplo.edu.br';

type Message = { subject: string; message_id: string; key?: string; value?: string };
type Behaviour = 'answers' | 'silent' | 'another-origin' | 'another-id' | 'error';

function runPage(data: Record<string, string>, opts: { platform?: Behaviour | null; stored?: Record<string, string>; reply?: { status: number; body: unknown } } = {}) {
  const window = new Window({
    url: `${TOOL}/api/lti/launch`,
    settings: { disableIframePageLoading: true, enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true },
  });
  const posted: { message: Message; origin: string; frame: string }[] = [];
  const navigated: string[] = [];
  const fetched: { url: string; init: { method: string; headers: Record<string, string>; body: string; credentials: string } }[] = [];
  const stored = { ...(opts.stored ?? {}) };
  const behaviour = opts.platform === undefined ? 'answers' : opts.platform;
  const answer = (data: unknown, origin = PLATFORM) =>
    setTimeout(() => window.dispatchEvent(new window.MessageEvent('message', { origin, data })), 5);
  const frame = (name: string) => ({
    postMessage(message: Message, origin: string) {
      posted.push({ message: JSON.parse(JSON.stringify(message)) as Message, origin, frame: name });
      if (origin !== PLATFORM) return; // the browser delivers a message only to a window of its target origin
      const reply: Record<string, unknown> = { subject: `${message.subject}.response`, message_id: message.message_id };
      if (message.subject === 'lti.put_data') {
        Object.assign(reply, { key: message.key, value: message.value });
        stored[message.key!] = message.value!;
      } else if (message.key! in stored) Object.assign(reply, { key: message.key, value: stored[message.key!] });
      else reply.error = { code: 'bad_request', message: 'no value' };
      if (behaviour === 'answers') answer(reply);
      if (behaviour === 'another-origin') answer({ ...reply, value: 'valor-de-outro-site' }, 'https://atacante.exemplo.com');
      if (behaviour === 'another-id') answer({ ...reply, message_id: 'outro', value: 'valor-de-outra-mensagem' });
      if (behaviour === 'error') answer({ subject: reply.subject, message_id: message.message_id, error: { code: 'bad_request', message: 'x' } });
    },
  });
  const platform = { ...frame('_parent'), frames: { post_message_forwarding: frame('post_message_forwarding') } };
  Object.defineProperty(window, 'opener', { value: behaviour === null ? null : platform, configurable: true });
  Object.defineProperty(window, 'fetch', {
    configurable: true,
    value: async (url: string, init: (typeof fetched)[number]['init']) => {
      fetched.push({ url, init });
      const reply = opts.reply ?? { status: 200, body: { location: '/student/link?token=t' } };
      return { ok: reply.status < 300, status: reply.status, json: async () => reply.body };
    },
  });
  Object.defineProperty(window.location, 'replace', { configurable: true, value: (url: string) => navigated.push(url) });
  const attrs = Object.entries({ 'data-wait': '200', 'data-refused-title': 'Não foi possível abrir o conteúdo', 'data-unexpected': 'Erro inesperado', ...data })
    .map(([k, v]) => `${k}="${v.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
    .join(' ');
  window.document.body.innerHTML = `<div id="lti-storage" ${attrs}><h1 id="lti-title">Saber</h1><p id="lti-status">…</p><p id="lti-hint" hidden>dica</p></div>`;
  const tag = window.document.createElement('script');
  tag.textContent = STORAGE_SCRIPT;
  window.document.body.appendChild(tag);
  const status = () => window.document.getElementById('lti-status')!;
  return { window, posted, navigated, fetched, stored, status };
}

const put = (target: string, origins = [PLATFORM]) => ({
  'data-mode': 'put',
  'data-target': target,
  'data-origins': JSON.stringify(origins),
  'data-key': 'lti_state_S1',
  'data-value': 'segredo-do-login',
  'data-next': `${PLATFORM}/mod/lti/auth.php?state=S1`,
});
const get = (target = '_parent') => ({
  'data-mode': 'get',
  'data-target': target,
  'data-origins': JSON.stringify([PLATFORM]),
  'data-key': 'lti_state_S1',
  'data-action': '/api/lti/launch/storage',
  'data-state': 'S1',
  'data-id-token': 'header.payload.signature',
});

describe('the login page (lti.put_data)', () => {
  it("stores the binding in the platform's named frame, once per platform origin, then goes on to the platform", async () => {
    const run = runPage(put('post_message_forwarding', [PLATFORM, 'https://sso.canvaslms.com']));
    await expect.poll(() => run.navigated).toEqual([`${PLATFORM}/mod/lti/auth.php?state=S1`]);
    expect(run.posted.map((p) => [p.frame, p.origin, p.message.subject, p.message.key, p.message.value])).toEqual([
      ['post_message_forwarding', PLATFORM, 'lti.put_data', 'lti_state_S1', 'segredo-do-login'],
      ['post_message_forwarding', 'https://sso.canvaslms.com', 'lti.put_data', 'lti_state_S1', 'segredo-do-login'],
    ]);
    expect(run.posted[0]!.message.message_id).toMatch(/^saber-[0-9a-f]{24}$/);
    expect(run.stored).toEqual({ lti_state_S1: 'segredo-do-login' });
    await run.window.happyDOM.close();
  });

  it("'_parent' is the platform's window; an unknown frame name falls back to it", async () => {
    for (const target of ['_parent', 'moldura-inexistente']) {
      const run = runPage(put(target));
      await expect.poll(() => run.navigated.length).toBe(1);
      expect(run.posted.map((p) => p.frame)).toEqual(['_parent']);
      await run.window.happyDOM.close();
    }
  });

  it('goes on anyway when the platform does not answer, or when there is no platform window', async () => {
    for (const platform of ['silent', null] as const) {
      const run = runPage(put('_parent'), { platform });
      await expect.poll(() => run.navigated, { timeout: 2000 }).toEqual([`${PLATFORM}/mod/lti/auth.php?state=S1`]);
      await run.window.happyDOM.close();
    }
  });
});

describe('the launch page (lti.get_data, then the continuation)', () => {
  it("sends what the platform storage kept, as JSON to our own origin, and goes where the server says", async () => {
    const run = runPage(get('post_message_forwarding'), { stored: { lti_state_S1: 'segredo-do-login' } });
    await expect.poll(() => run.navigated).toEqual(['/student/link?token=t']);
    expect(run.posted.map((p) => [p.frame, p.origin, p.message.subject, p.message.key])).toEqual([['post_message_forwarding', PLATFORM, 'lti.get_data', 'lti_state_S1']]);
    expect(run.fetched).toHaveLength(1);
    expect(run.fetched[0]!.url).toBe('/api/lti/launch/storage');
    expect(run.fetched[0]!.init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(run.fetched[0]!.init.body)).toEqual({ state: 'S1', id_token: 'header.payload.signature', proof: 'segredo-do-login' });
    await run.window.happyDOM.close();
  });

  it('sends null when the storage has nothing, answers an error, does not answer, or when an answer comes from another origin or message', async () => {
    const cases: { platform: Behaviour; stored?: Record<string, string> }[] = [
      { platform: 'answers' },
      { platform: 'error', stored: { lti_state_S1: 'x' } },
      { platform: 'silent', stored: { lti_state_S1: 'x' } },
      { platform: 'another-origin', stored: { lti_state_S1: 'x' } },
      { platform: 'another-id', stored: { lti_state_S1: 'x' } },
    ];
    for (const c of cases) {
      const run = runPage(get(), { ...c, reply: { status: 403, body: { message: 'Não foi possível confirmar que este acesso começou neste navegador.', fields: { refusal: 'browserMismatch' } } } });
      await expect.poll(() => run.fetched.length, { timeout: 2000 }).toBe(1);
      expect(JSON.parse(run.fetched[0]!.init.body).proof, c.platform).toBeNull();
      // The server's refusal is shown: its text, its code, the hint; nothing opens.
      await expect.poll(() => run.status().getAttribute('data-lti-refusal')).toBe('browserMismatch');
      expect(run.status().textContent).toBe('Não foi possível confirmar que este acesso começou neste navegador.');
      expect(run.window.document.getElementById('lti-hint')!.hasAttribute('hidden')).toBe(false);
      expect(run.window.document.getElementById('lti-title')!.textContent).toBe('Não foi possível abrir o conteúdo');
      expect(run.navigated).toEqual([]);
      await run.window.happyDOM.close();
    }
  });

  it('shows the unexpected-error text when the continuation does not answer JSON', async () => {
    const run = runPage(get(), { stored: { lti_state_S1: 'segredo-do-login' }, reply: { status: 502, body: null } });
    await expect.poll(() => run.status().getAttribute('data-lti-refusal')).toBe('unexpected');
    expect(run.status().textContent).toBe('Erro inesperado');
    expect(run.navigated).toEqual([]);
    await run.window.happyDOM.close();
  });
});
