/**
 * E-mail: every message is written to the `emails` table in the caller's transaction and a `mail`
 * job delivers it (SMTP when MAIL_URL is set; otherwise it stays in the outbox, shown at /dev/mailbox in a
 * demonstration only: config.outboxPages). The job is retried with backoff when SMTP fails.
 *
 * A message marked `secret` (it carries a one-time credential: a first password, a reset or confirmation link, an LMS
 * key) keeps its content only until SMTP accepts it: then html and text become MSG.mailSecretRemoved, and the row keeps
 * what an operator needs (to, subject, created and sent times, status, attempts). In the outbox (a demonstration) the
 * content stays: that is how the demo's users read it.
 */
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { MSG } from '@edu/shared/messages';
import type { Config } from '../config';
import type { Executor, Db } from './db';
import type { Jobs } from './jobs';
import { emails } from './platform.tables';
import { escapeHtml } from './html';

export interface MailMessage {
  to: string;
  subject: string;
  /** Paragraphs of plain text; URLs become links in the HTML version. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Carries a one-time credential (first password, reset or confirmation link, LMS key): content removed after delivery. */
  secret?: boolean;
}

/** What a secret message keeps of its content once delivered (the same text migration 0031 wrote over older ones). */
export const SECRET_REMOVED = {
  text: MSG.mailSecretRemoved,
  html: `<!doctype html><html lang="pt-BR"><body><p>${escapeHtml(MSG.mailSecretRemoved)}</p></body></html>`,
} as const;

export function renderMail(message: MailMessage): { html: string; text: string } {
  const text = [...message.paragraphs, ...(message.action ? [`${message.action.label}: ${message.action.url}`] : [])].join('\n\n');
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
${message.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${message.action ? `<p><a href="${escapeHtml(message.action.url)}" style="background:#2f6fdf;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(message.action.label)}</a></p>` : ''}
<p style="color:#6b7280;font-size:12px">Saber Compartilhado — compartilhar conhecimento inspira sonhos.</p>
</body></html>`;
  return { html, text };
}

export interface Mailer {
  /** Queue an e-mail inside the caller's transaction. */
  send(tx: Executor, message: MailMessage): Promise<void>;
  startWorker(): Promise<void>;
}

export function createMailer(config: Config, db: Db, jobs: Jobs): Mailer {
  const transport = config.MAIL_URL ? nodemailer.createTransport(config.MAIL_URL) : null;
  return {
    async send(tx, message) {
      const { html, text } = renderMail(message);
      const [row] = await tx
        .insert(emails)
        .values({ to: message.to, subject: message.subject, html, text, secret: message.secret ?? false })
        .returning({ id: emails.id });
      await jobs.send(tx, 'mail', { emailId: row!.id });
    },
    async startWorker() {
      await jobs.work<{ emailId: number }>('mail', async ({ emailId }) => {
        const [mail] = await db.select().from(emails).where(eq(emails.id, emailId));
        if (!mail || mail.status === 'sent' || mail.status === 'outbox') return;
        await db.update(emails).set({ attempts: sql`${emails.attempts} + 1` }).where(eq(emails.id, emailId));
        if (!transport) {
          await db.update(emails).set({ status: 'outbox', sentAt: new Date() }).where(eq(emails.id, emailId));
          return;
        }
        try {
          await transport.sendMail({ from: config.MAIL_FROM, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
          await db
            .update(emails)
            .set({ status: 'sent', sentAt: new Date(), lastError: null, ...(mail.secret ? SECRET_REMOVED : {}) })
            .where(eq(emails.id, emailId));
        } catch (err) {
          await db.update(emails).set({ status: 'failed', lastError: String(err) }).where(eq(emails.id, emailId));
          throw err; // pg-boss retries with backoff
        }
      });
    },
  };
}
