/**
 * The LTI 1.3 tool's routes (issue 14, packages/shared/src/lti-tool.ts). In a Fastify scope of their own:
 * - form posts (application/x-www-form-urlencoded: the platform's login and launch, the picker's answer) are parsed
 *   here only;
 * - one per-address limit (RATE_LIMIT_LTI per minute) runs before anything else;
 * - the browser-facing routes answer HTML (a redirect, the auto-posted response, or a pt-BR refusal page, logged) —
 *   for every failure, a malformed request (zod, 400) or an unexpected error (500) included; the picker's calls and
 *   the grade answers answer JSON (the app's error handler).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LTI_SESSION_HEADER, LTI_TOOL_MSG, ltiToolRoutes as R } from '@edu/shared/lti-tool';
import { MSG } from '@edu/shared/messages';
import { registerRoute, type Deps } from '../../platform/http';
import { AppError } from '../../platform/errors';
import { studentOf } from '../delivery/student.routes';
import { ltiKeyStore } from './lti-keys';
import { deepLinkingRequest, resourceLink } from './lti-launch';
import { login, verify } from './lti-oidc';
import { autoPostPage, LtiRefusal, redirect, refusalPage } from './lti-pages';
import { deepLinkingService } from './lti-deep-linking';
import { ltiGradesService } from './lti-grades';

const FORM_BODY_LIMIT = 64 * 1024;
const HTML_ROUTES = new Set([R.loginGet, R.loginPost, R.launch, R.deepLinkingRespond].map((r) => `/api${r.path}`));

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** A refusal → its page and one log line; anything else → the error handler (500, logged there). */
async function answerHtml(request: FastifyRequest, reply: FastifyReply, work: () => Promise<unknown>) {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof LtiRefusal)) throw err;
    request.log.warn({ lti: { code: err.code, status: err.status, detail: err.detail } }, 'LTI: acesso recusado');
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
    const limiter = scope.createRateLimit({ max: deps.config.RATE_LIMIT_LTI, timeWindow: '1 minute', keyGenerator: (request) => `lti:${request.ip}` });
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

    const loginHandler = (input: Parameters<typeof login>[2], request: FastifyRequest, reply: FastifyReply) =>
      answerHtml(request, reply, async () => {
        const { location } = await login(deps.db, deps.config.PUBLIC_URL, input);
        return redirect(reply, 302, location);
      }) as never;
    registerRoute(scope, deps, R.loginGet, ({ query, request, reply }) => loginHandler(query, request, reply));
    registerRoute(scope, deps, R.loginPost, ({ body, request, reply }) => loginHandler(body, request, reply));

    registerRoute(scope, deps, R.launch, ({ body, request, reply }) =>
      answerHtml(request, reply, async () => {
        const launch = await verify(deps.db, body);
        const location = launch.messageType === 'LtiDeepLinkingRequest' ? await deepLinkingRequest(deps, launch) : await resourceLink(deps, launch, request.log);
        request.log.info({ lti: { connectionId: launch.connection.id, messageType: launch.messageType, deploymentId: launch.deploymentId } }, 'LTI: acesso aceito');
        return redirect(reply, 303, location);
      }) as never,
    );

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
