/**
 * The script of the two pages that talk to the platform storage (lti-binding.ts), inlined by nonce (lti-pages.ts). It
 * reads everything from the `#lti-storage` element's data attributes (none of it is code), and follows 1EdTech's LTI
 * Client Side postMessages 0.1 and postMessage Storage 0.1:
 *
 * - the platform is `window.opener` (a tool opened in a new window) or `window.parent` (an iframe); the message goes to
 *   the frame `lti_storage_target` names in it (`_parent`: the platform's window itself; an unknown name: the window);
 * - each message carries a fresh `message_id`, is posted once per platform origin (`data-origins`: the browser
 *   delivers it only to a frame of that origin), and only an answer from one of those origins with the same
 *   `message_id` and the subject `<subject>.response` counts; an answer with `error`, or none within `data-wait`
 *   milliseconds, is no value;
 * - `data-mode="put"` (the login): `lti.put_data` of `data-key` = `data-value`, then, answered or not (the cookie may
 *   still bind the login), the browser goes on to `data-next` (the platform's authentication endpoint);
 * - `data-mode="get"` (the launch): `lti.get_data` of `data-key`, then a JSON POST to `data-action` with the state, the
 *   id_token and the value (or null); its answer's `location` is where the browser goes, otherwise the refusal's text
 *   is shown (`data-lti-refusal`).
 */
export const STORAGE_SCRIPT = `(function () {
  'use strict';
  var root = document.getElementById('lti-storage');
  if (!root) return;
  var data = root.dataset;
  var origins = JSON.parse(data.origins || '[]');
  var wait = Number(data.wait) || 3000;
  var platform = window.opener || (window.parent !== window ? window.parent : null);

  function frameOf(name) {
    if (!platform) return null;
    if (!name || name === '_parent') return platform;
    try {
      return platform.frames[name] || platform;
    } catch (e) {
      return platform;
    }
  }

  function messageId() {
    var bytes = new Uint8Array(12);
    window.crypto.getRandomValues(bytes);
    return 'saber-' + Array.prototype.map.call(bytes, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }

  function ask(message) {
    return new Promise(function (resolve) {
      var target = frameOf(data.target);
      if (!target) return resolve(null);
      var id = messageId();
      var timer = null;
      function done(answer) {
        window.clearTimeout(timer);
        window.removeEventListener('message', listen);
        resolve(answer);
      }
      function listen(event) {
        var answer = event.data;
        if (origins.indexOf(event.origin) < 0 || !answer || typeof answer !== 'object') return;
        if (answer.message_id !== id || answer.subject !== message.subject + '.response') return;
        if (answer.key !== undefined && answer.key !== message.key) return;
        done(answer.error ? null : answer);
      }
      window.addEventListener('message', listen);
      timer = window.setTimeout(function () { done(null); }, wait);
      message.message_id = id;
      origins.forEach(function (origin) {
        try {
          target.postMessage(message, origin);
        } catch (e) {
          // A frame that cannot be reached: no answer, the wait ends it.
        }
      });
    });
  }

  function refuse(code, text) {
    var status = document.getElementById('lti-status');
    status.textContent = text;
    status.setAttribute('data-lti-refusal', code);
    var hint = document.getElementById('lti-hint');
    if (hint) hint.hidden = false;
    var title = document.getElementById('lti-title');
    if (title) title.textContent = data.refusedTitle;
  }

  if (data.mode === 'put') {
    ask({ subject: 'lti.put_data', key: data.key, value: data.value }).then(function () {
      window.location.replace(data.next);
    });
    return;
  }

  ask({ subject: 'lti.get_data', key: data.key })
    .then(function (answer) {
      var proof = answer && typeof answer.value === 'string' ? answer.value : null;
      return window.fetch(data.action, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ state: data.state, id_token: data.idToken, proof: proof })
      });
    })
    .then(function (response) {
      return response.json().then(function (body) {
        if (response.ok && body && typeof body.location === 'string') return window.location.replace(body.location);
        refuse((body && body.fields && body.fields.refusal) || 'unexpected', (body && body.message) || data.unexpected);
      });
    })
    .catch(function () {
      refuse('unexpected', data.unexpected);
    });
})();`;
