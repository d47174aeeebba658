/** buildApp(deps): plugins and modules. main.ts and the tests build the same app. */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '@edu/shared/limits';
import { LMS_VIEWER_PATH } from '@edu/shared/lms-exports';
import { SHARE_LINK_PATH } from '@edu/shared/share-links';
import { loadConfig, type Config } from './config';
import { openDatabase } from './platform/db';
import { startJobs } from './platform/jobs';
import { createMailer } from './platform/mail';
import { localStorage, s3Storage, type Storage } from './platform/storage';
import { serveUploads } from './platform/serve-uploads';
import { registerErrorHandler, registerRequestGuards } from './platform/errors';
import { requestDb } from './platform/idempotency';
import { InFlight } from './platform/http';
import type { Deps } from './platform/deps';
import { registerMetrics, registerServerTiming } from './platform/metrics';
import { pgRateLimitStore } from './platform/rate-limit-store';
import { echoRequestId, requestIdGenerator } from './platform/request-id';
import { systemModule } from './modules/system/index';
import { unitsModule, knowledgeModule } from './modules/units/index';
import { galleriesModule } from './modules/galleries/index';
import { servicesModule } from './modules/services/index';
import { reviewsModule, feedbackModule, subscribeReviews } from './modules/reviews/index';
import { authModule } from './modules/auth/index';
import { usersModule } from './modules/users/index';
import { teamModule } from './modules/team/index';
import { sellersModule, institutionsModule } from './modules/institutions/index';
import { providersModule } from './modules/providers/index';
import { lmsKeyModule, lmsApiModule } from './modules/lms/index';
import { reportsModule, unitsReportModule, accessReportsModule } from './modules/reports/index';
import { aiModule } from './modules/ai/index';
import { notificationsModule, subscribeNotifications } from './modules/notifications/index';
import { subscribeCatalogueFacts, storeModule } from './modules/store/index';
import { catalogueModule } from './modules/catalogue/index';
import { sellerRentsModule } from './modules/rents/index';
import { chargesModule, subscribeCharges } from './modules/charges/index';
import { subjectsModule } from './modules/subjects/index';
import { eventsModule } from './platform/events';
import { registerCaches } from './platform/caches';
import { plansModule } from './modules/plans/index';
import { providerIncomeModule } from './modules/provider-income/index';
import { dashboardModule } from './modules/dashboard/index';
import { deliveryModule, lmsExportsModule } from './modules/delivery/index';
import { coursesModule } from './modules/courses/index';
import { studentModule, authenticateStudent } from './modules/student/index';
import { ltiToolModule, ltiConnectionsModule, ltiFraming } from './modules/lti/index';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The student viewer's LMS page (LMS_VIEWER_PATH) is the ONE page other sites may frame: a SCORM package's
 * SCO opens it in a frame of the LMS, and an LMS may show a cartridge's web link in a frame. Its policy is the app's
 * (helmet's, set earlier in the request) with `frame-ancestors *` instead of 'self', and without X-Frame-Options
 * (which cannot name every LMS); every other page, the API and /uploads keep `frame-ancestors 'self'`. What the page
 * shows needs its token anyway, and a framed page reaches no session: a third-party frame's storage is partitioned.
 */
function allowLmsFraming(reply: FastifyReply) {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return;
  reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  reply.header('cross-origin-resource-policy', 'cross-origin');
  reply.removeHeader('x-frame-options');
}

/**
 * CSP sources of a list of sites: each host and its subdomains (as the embed allow-list matches them), without a scheme
 * (the page's own: https on an https site).
 */
export const hostSources = (hosts: readonly string[]) => hosts.flatMap((h) => [h, `*.${h}`]);

/**
 * The stock photo API's host and subdomains (its previews come from a CDN under it: cdn.pixabay.com), with its port when
 * it has one, when the stock search is on.
 */
function stockImageSources(config: Config): string[] {
  if (!config.PIXABAY_API_KEY.trim()) return [];
  const api = new URL(config.PIXABAY_API_URL);
  // An address (a local test API) has no subdomains: `*.<address>` would be an invalid source.
  return net.isIP(api.hostname.replace(/^\[|\]$/g, '')) ? [api.host] : hostSources([api.host]);
}

/** The LMS-key tutorial's video file (LMS_TUTORIAL_VIDEO_URL, an operator's choice), when it is a file and not YouTube. */
function tutorialVideoSources(config: Config): string[] {
  try {
    const url = new URL(config.LMS_TUTORIAL_VIDEO_URL.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

/**
 * The web build's caching: what Vite writes to `assets/` is named by its content's hash, so a browser keeps it for a
 * year without asking; everything else (index.html above all, which names the current assets) is asked again each time
 * (`no-cache`: kept, but revalidated by its ETag before use).
 */
export function webCacheControl(file: string): string {
  return file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The web build's pages apart from the app (index.html): the student viewer's `student.html`, answered for the share
 * links' path and the LMS page (which `allowLmsFraming` lets other sites frame). A build without it (older) leaves
 * both to index.html.
 */
export const STUDENT_VIEWER_HTML = 'student.html';
export function webPages(webDist: string): Record<string, string> {
  if (!fs.existsSync(path.join(webDist, STUDENT_VIEWER_HTML))) return {};
  return { [SHARE_LINK_PATH]: STUDENT_VIEWER_HTML, [LMS_VIEWER_PATH]: STUDENT_VIEWER_HTML };
}

export function defaultWebDist(config: Config): string {
  return config.WEB_DIST ? path.resolve(config.WEB_DIST) : path.resolve(here, '../../web/dist');
}

/** The bucket when S3_BUCKET is set, else the local folder (the embedded default). */
export function storageOf(config: Config): Storage {
  return config.s3 ? s3Storage(config.s3) : localStorage(config.uploadsDir);
}

export async function createDeps(config: Config, log: Parameters<typeof startJobs>[1], opts: { memory?: boolean } = {}): Promise<Deps> {
  const pool = {
    max: config.DATABASE_POOL_MAX,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    idleTimeoutMs: config.DATABASE_IDLE_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    prepare: config.DATABASE_PREPARE === 'on',
  };
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, memory: opts.memory, pool, log: (line) => log.info(line) });
  const jobs = await startJobs(database, log, { retryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS });
  const mailer = createMailer(config, database.db, jobs);
  const storage = storageOf(config);
  // The services' handle: inside a keyed request of an idempotent route it runs in that request's transaction (platform/idempotency.ts).
  return { config, database, db: requestDb(database.db), jobs, mailer, storage };
}

export async function buildApp(deps: Deps, opts: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    // Off by default: only behind a proxy may X-Forwarded-For name the client (README, TRUST_PROXY).
    trustProxy: config.TRUST_PROXY,
    // X-Request-Id: a trusted proxy's, else a new UUID (platform/request-id.ts); `reqId` on every log line.
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('inFlight', new InFlight());
  // A share link's student, verified by the student module for the routes that accept one (platform/http.ts).
  app.decorate('studentCredential', (request: FastifyRequest) => authenticateStudent(deps, request));
  app.addHook('onSend', async (request, reply) => {
    if (app.inFlight.closing) reply.header('connection', 'close');
    if (request.method === 'GET' && request.url.split('?')[0] === LMS_VIEWER_PATH) allowLmsFraming(reply);
  });
  // The pages an LTI launch opens may be framed by the LMS of the connection their credential names (lti-framing.ts).
  app.addHook('onSend', ltiFraming(deps));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const webDist = defaultWebDist(config);
  const spaRoot = fs.existsSync(path.join(webDist, 'index.html')) ? webDist : undefined;
  registerErrorHandler(app, { spaRoot, pages: webPages(webDist) });
  registerRequestGuards(app);
  echoRequestId(app);
  registerMetrics(app, deps);
  registerServerTiming(app, config.SERVER_TIMING);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Images are ours (/uploads, content's external images imported on save), and the stock photos' previews.
        imgSrc: ["'self'", 'data:', 'blob:', ...stockImageSources(config)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Videos, podcasts, PDFs and 'Iframe Externo' embed the allowed sites only (config.embedHosts); infographics are /uploads.
        frameSrc: ["'self'", ...hostSources(config.embedHosts)],
        mediaSrc: ["'self'", ...hostSources(config.embedHosts), ...tutorialVideoSources(config)],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  // The counters live in the database (rate_limits), so every instance on it counts against the same limits.
  await app.register(rateLimit, { global: false, store: pgRateLimitStore(deps.database.sql) });
  await app.register(multipart, { limits: { fileSize: LIMITS.imageUploadBytes, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Saber Compartilhado API', version: '1.0.0', description: 'API da plataforma Saber Compartilhado.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  serveUploads(app, deps.storage);

  await app.register(async (api) => {
    systemModule(api, deps);
    authModule(api, deps);
    usersModule(api, deps);
    knowledgeModule(api, deps);
    teamModule(api, deps);
    sellersModule(api, deps);
    providersModule(api, deps);
    lmsKeyModule(api, deps);
    lmsApiModule(api, deps);
    reportsModule(api, deps);
    unitsReportModule(api, deps);
    accessReportsModule(api, deps);
    aiModule(api, deps);
    notificationsModule(api, deps);
    eventsModule(api, deps);
    registerCaches(api, deps.database);
    unitsModule(api, deps);
    galleriesModule(api, deps);
    servicesModule(api, deps);
    reviewsModule(api, deps);
    feedbackModule(api, deps);
    institutionsModule(api, deps);
    ltiConnectionsModule(api, deps);
    plansModule(api, deps);
    providerIncomeModule(api, deps);
    dashboardModule(api, deps);
    storeModule(api, deps);
    catalogueModule(api, deps);
    sellerRentsModule(api, deps);
    chargesModule(api, deps);
    deliveryModule(api, deps);
    lmsExportsModule(api, deps);
    subjectsModule(api, deps);
    coursesModule(api, deps);
    studentModule(api, deps);
    ltiToolModule(api, deps);
    // Domain-event subscribers (they run in the worker main.ts starts).
    subscribeCatalogueFacts(deps);
    subscribeReviews(deps);
    subscribeNotifications(deps);
    subscribeCharges(deps);
  });

  if (spaRoot) {
    await app.register(fastifyStatic, {
      // A page's scripts, styles and images are dozens of requests per visit: logged only when something goes wrong.
      logLevel: 'warn',
      root: spaRoot,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts): sent as the browser accepts.
      preCompressed: true,
      cacheControl: false,
      // Called with the reply after @fastify/send's own headers, so this Cache-Control is the one sent.
      setHeaders: (reply, file) => reply.header('cache-control', webCacheControl(file)),
    });
  }
  return app;
}

/**
 * Graceful shutdown, in order: stop accepting and finish the open requests (app.close: new ones get
 * 503, SSE streams end), wait for route work whose client already went away, stop the jobs (a running
 * one finishes), and only then close the database.
 */
export async function closeGracefully(app: FastifyInstance, deps: Deps, opts: { drainMs?: number } = {}): Promise<void> {
  // A keep-alive connection whose request is still running would otherwise stay open after its answer
  // (until the keep-alive timeout) and hold close() up: answers from now on close their connection.
  app.inFlight.closing = true;
  const drainMs = opts.drainMs ?? 10_000;
  const deadline = Date.now() + drainMs;
  // close() waits for every open request; one that runs longer than the drain (an AI call may take
  // 120 s) must not keep the jobs and the database from closing: past the drain its connection is cut.
  let timer: NodeJS.Timeout | undefined;
  const closed = app.close().then(() => true);
  const inTime = await Promise.race([closed, new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), drainMs)))]);
  clearTimeout(timer);
  if (!inTime) {
    app.log.warn('encerrando: conexões ainda abertas após o prazo foram cortadas');
    app.server.closeAllConnections();
    await closed;
  }
  if (!(await app.inFlight.idle(Math.max(0, deadline - Date.now())))) app.log.warn({ running: app.inFlight.size }, 'encerrando com requisições ainda em andamento');
  await deps.jobs.stop();
  await deps.database.close();
}

export { loadConfig };
