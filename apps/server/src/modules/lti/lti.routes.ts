/**
 * The LTI 1.3 tool's routes (packages/shared/src/lti-tool.ts). In a Fastify scope of their own:
 * - form posts (application/x-www-form-urlencoded: the platform's login and launch, the picker's answer) are parsed
 *   here only;
 * - one per-address limit (RATE_LIMIT_LTI per minute) runs before anything else;
 * - the browser-facing routes answer HTML (a redirect, the auto-posted response, a platform-storage page, or a pt-BR
 *   refusal page, logged) — for every failure, a malformed request (zod, 400) or an unexpected error (500) included;
 *   the picker's calls, the launch's platform-storage continuation and the grade answers answer JSON (the app's error
 *   handler; a refusal of the continuation is logged like the pages' and carries its code in `fields.refusal`).
 * - the login binds itself to its browser and the launch checks it (lti-binding.ts); the login check in between
 *   offers a browser that kept no cookie the same login in a new window (lti-relaunch.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LTI_SESSION_HEADER, LTI_TOOL_MSG, ltiToolRoutes as R } from '@edu/shared/lti-tool';
import { MSG } from '@edu/shared/messages';
import { limitAddress, registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { studentOf } from '../student/index';
import { ltiKeyStore } from './lti-keys';
import { deepLinkingRequest, resourceLink } from './lti-launch';
import { login, loginCheck, storageLaunchOf } from './lti-login';
import { verify, type VerifiedLaunch } from './lti-oidc';
import { autoPostPage, LtiRefusal, redirect, refusalPage, storagePage } from './lti-pages';
import { clearStateCookie, fromOwnPage, setStateCookie, stateCookieOf, storageKeyOf } from './lti-binding';
import { deepLinkingService } from './lti-deep-linking';
import { takeRelaunch } from './lti-relaunch';
import { ltiGradesService } from './lti-grades';

const FORM_BODY_LIMIT = 64 * 1024;
const HTML_ROUTES = new Set([R.loginGet, R.loginPost, R.loginCheck, R.launch, R.relaunch, R.deepLinkingRespond].map((r) => `/api${r.path}`));

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

const logRefusal = (request: FastifyRequest, err: LtiRefusal) =>
  request.log.warn({ lti: { code: err.code, status: err.status, detail: err.detail } }, 'LTI: acesso recusado');

/** A refusal → its page and one log line; anything else → the error handler (500, logged there). */
async function answerHtml(request: FastifyRequest, reply: FastifyReply, work: () => Promise<unknown>) {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof LtiRefusal)) throw err;
    logRefusal(request, err);
    return refusalPage(reply, err);
  }
}

export function ltiToolModule(app: FastifyInstance, deps: Deps) {
  const keys = ltiKeyStore(deps.db, deps.config);
  const picker = deepLinkingService(deps, keys);
  const grades = ltiGradesService(deps);

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    // The LMS's browser reads whatever the HTML routes answer: their failures are pages too; the others' go on to the
    // app's JSON error handler.
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      if (!HTML_ROUTES.has(request.routeOptions.url ?? '')) throw error;
      const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
      if (status >= 500) {
        request.log.error({ err: error, lti: { code: 'unexpected' } }, 'LTI: erro inesperado');
        return reply.send(refusalPage(reply, new LtiRefusal(500, 'unexpected', LTI_TOOL_MSG.unexpected)));
      }
      request.log.warn({ lti: { code: 'requestInvalid', status, detail: error.message.slice(0, 300) } }, 'LTI: acesso recusado');
      return reply.send(refusalPage(reply, new LtiRefusal(status >= 400 ? status : 400, 'requestInvalid', LTI_TOOL_MSG.requestInvalid)));
    });
    const limiter = scope.createRateLimit({ max: deps.config.RATE_LIMIT_LTI, timeWindow: '1 minute', keyGenerator: (request) => `lti:${limitAddress(request)}` });
    scope.addHook('onRequest', async (request, reply) => {
      const limit = await limiter(request);
      if (limit.isAllowed || !limit.isExceeded) return;
      if (HTML_ROUTES.has(request.routeOptions.url ?? '')) {
        request.log.warn({ lti: { code: 'tooManyRequests' } }, 'LTI: acesso recusado');
        return reply.send(refusalPage(reply, new LtiRefusal(429, 'tooManyRequests', LTI_TOOL_MSG.tooManyRequests)));
      }
      throw new AppError(429, 'RATE_LIMITED', MSG.tooManyAttempts);
    });

    registerRoute(scope, deps, R.jwks, async ({ reply }) => {
      reply.header('cache-control', 'public, max-age=300');
      return keys.jwks();
    });

    // The login binds itself to this browser: its partitioned cookie always, and the platform storage when announced
    // (a page that keeps the binding there before going on to the platform).
    const loginHandler = (input: Parameters<typeof login>[2], request: FastifyRequest, reply: FastifyReply) =>
      answerHtml(request, reply, async () => {
        const answer = await login(deps.db, deps.config.PUBLIC_URL, input);
        setStateCookie(reply, answer.state, answer.binding);
        if (!answer.storage) return redirect(reply, 302, answer.check);
        return storagePage(reply, {
          mode: 'put',
          storage: answer.storage,
          key: storageKeyOf(answer.state),
          value: answer.binding,
          next: answer.location,
          frameAncestor: answer.frameAncestor,
        });
      }) as never;
    registerRoute(scope, deps, R.loginGet, ({ query, request, reply }) => loginHandler(query, request, reply));
    registerRoute(scope, deps, R.loginPost, ({ body, request, reply }) => loginHandler(body, request, reply));
    // Did this browser keep the login's cookie? Then on to the platform; without any, the same login in a new window.
    registerRoute(scope, deps, R.loginCheck, ({ query, request, reply }) =>
      answerHtml(request, reply, async () => redirect(reply, 302, await loginCheck(deps.db, deps.config.PUBLIC_URL, query.state, stateCookieOf(request, query.state)))) as never,
    );
    // The login of a browser that kept no cookie in the LMS's iframe, started again in a new top-level window
    // (lti-relaunch.ts): the same login initiation, bound to this window's (first-party) cookie.
    registerRoute(scope, deps, R.relaunch, ({ query, request, reply }) =>
      answerHtml(request, reply, async () => {
        const answer = await login(deps.db, deps.config.PUBLIC_URL, await takeRelaunch(deps.db, query.token));
        setStateCookie(reply, answer.state, answer.binding);
        request.log.info({ lti: { connectionId: answer.connectionId, code: 'relaunch' } }, 'LTI: login de novo em nova janela');
        return redirect(reply, 302, answer.check);
      }) as never,
    );

    /** What a verified launch opens, logged; its login's cookie goes. */
    const open = async (launch: VerifiedLaunch, state: string, request: FastifyRequest, reply: FastifyReply, binding: string) => {
      const location = launch.messageType === 'LtiDeepLinkingRequest' ? await deepLinkingRequest(deps, launch) : await resourceLink(deps, launch, request.log);
      request.log.info({ lti: { connectionId: launch.connection.id, messageType: launch.messageType, deploymentId: launch.deploymentId, binding } }, 'LTI: acesso aceito');
      clearStateCookie(reply, state);
      return location;
    };

    registerRoute(scope, deps, R.launch, ({ body, request, reply }) =>
      answerHtml(request, reply, async () => {
        const cookie = stateCookieOf(request, body.state);
        // A platform-storage login without this browser's cookie: a page asks the platform storage, then continues.
        if (!body.error && body.state && body.id_token) {
          const storage = await storageLaunchOf(deps.db, body.state, cookie);
          if (storage) {
            return storagePage(reply, {
              mode: 'get',
              storage,
              key: storageKeyOf(body.state),
              state: body.state,
              idToken: body.id_token,
              frameAncestor: storage.frameAncestor,
            });
          }
        }
        const launch = await verify(deps.db, body, { cookie });
        return redirect(reply, 303, await open(launch, body.state!, request, reply, 'cookie'));
      }) as never,
    );

    registerRoute(scope, deps, R.launchStorage, async ({ body, request, reply }) => {
      try {
        if (!fromOwnPage(request, deps.config.PUBLIC_URL)) throw new LtiRefusal(403, 'notOwnPage', LTI_TOOL_MSG.requestInvalid, String(request.headers.origin ?? 'no origin'));
        const cookie = stateCookieOf(request, body.state);
        const launch = await verify(deps.db, body, { cookie, proof: body.proof });
        return { location: await open(launch, body.state, request, reply, body.proof !== null ? 'platform storage' : 'cookie') };
      } catch (err) {
        if (!(err instanceof LtiRefusal)) throw err;
        logRefusal(request, err);
        throw new AppError(err.status, 'LTI_REFUSED', err.text, { refusal: err.code });
      }
    });

    registerRoute(scope, deps, R.deepLinkingContext, ({ request }) => picker.context(single(request.headers[LTI_SESSION_HEADER])));
    registerRoute(scope, deps, R.deepLinkingCatalogue, ({ request, query }) => picker.catalogue(single(request.headers[LTI_SESSION_HEADER]), query));
    registerRoute(scope, deps, R.deepLinkingRespond, ({ body, request, reply }) =>
      answerHtml(request, reply, async () => {
        const answer = await picker.respond(body);
        request.log.info({ lti: { code: 'deepLinkingResponse' } }, 'LTI: conteúdos devolvidos ao LMS');
        return autoPostPage(reply, answer.returnUrl, { JWT: answer.jwt }, answer.frameAncestor);
      }) as never,
    );

    registerRoute(scope, deps, R.answer, ({ student, body }) => grades.answer(studentOf(student), body));
  });
}
