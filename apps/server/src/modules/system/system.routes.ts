import type { FastifyInstance } from 'fastify';
import { desc } from 'drizzle-orm';
import { systemRoutes as R, TUTORIAL_TITLES, VIDEO_ID } from '@edu/shared/system';
import { MSG } from '@edu/shared/messages';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { emails } from '../../platform/platform.tables';
import { escapeHtml } from '../../platform/html';

const linkify = (s: string) => escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** TUTORIAL_VIDEO_IDS by position; a missing or malformed id leaves that tutorial without a video. */
function tutorialVideos(ids: string) {
  const list = ids.split(',').map((id) => id.trim());
  return TUTORIAL_TITLES.map((title, i) => ({ title, videoId: VIDEO_ID.test(list[i] ?? '') ? list[i]! : null }));
}

/** The health check answers within this long even when a connection hangs (a host that does not answer). */
export const HEALTH_TIMEOUT_MS = 2000;

/** 'ok' when `check` succeeds within HEALTH_TIMEOUT_MS, else 'error'. */
function probe(check: () => Promise<void>): Promise<'ok' | 'error'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'error'>((resolve) => (timer = setTimeout(() => resolve('error'), HEALTH_TIMEOUT_MS)));
  return Promise.race([check().then(() => 'ok' as const, () => 'error' as const), late]).finally(() => clearTimeout(timer));
}

export function systemModule(app: FastifyInstance, deps: Deps) {
  registerRoute(app, deps, R.health, async ({ reply }) => {
    const [database, jobs] = await Promise.all([probe(() => deps.database.ping()), probe(() => deps.jobs.ping())]);
    if (database === 'ok' && jobs === 'ok') return { status: 'ok' as const, database, jobs };
    reply.status(503).header('retry-after', '5');
    return { status: 'degraded' as const, database, jobs, message: database === 'error' ? MSG.healthDatabaseDown : MSG.healthJobsDown };
  });

  registerRoute(app, deps, R.config, async () => ({
    privacyPolicyUrl: deps.config.PRIVACY_POLICY_URL,
    termsOfUseUrl: deps.config.TERMS_OF_USE_URL,
    supportFormUrl: deps.config.SUPPORT_FORM_URL,
    supportChatUrl: deps.config.SUPPORT_CHAT_URL,
    lmsTutorialVideoUrl: deps.config.LMS_TUTORIAL_VIDEO_URL.trim() || null,
    tutorials: tutorialVideos(deps.config.TUTORIAL_VIDEO_IDS),
    embedHosts: deps.config.embedHosts,
  }));

  // The outbox is readable only in a demonstration: mail kept in the outbox AND the demo data loaded (config.outboxPages).
  // Anywhere else the two addresses are not registered (404 for everyone): the outbox holds reset links and first passwords.
  if (!deps.config.outboxPages) return;
  const latest = () => deps.db.select().from(emails).orderBy(desc(emails.id)).limit(200);
  app.get('/dev/mailbox.json', { schema: { hide: true } }, async () =>
    (await latest()).map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, status: m.status, createdAt: m.createdAt })),
  );
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await latest();
    const items = rows
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">Para: <strong>${escapeHtml(m.to)}</strong> · ${m.createdAt.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })} · ${escapeHtml(m.status)}</p><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Caixa de saída</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f2937}article{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}.meta{color:#6b7280;font-size:.9rem}pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><h1>Caixa de saída (modo de demonstração)</h1><p>E-mails gerados pela aplicação. Nada é enviado de verdade sem MAIL_URL.</p>${items || '<p>Nenhum e-mail ainda.</p>'}</body></html>`);
  });
}
