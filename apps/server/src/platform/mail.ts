/**
 * E-mail: every message is written to the `emails` table in the caller's transaction and a `mail`
 * job delivers it (SMTP when MAIL_URL is set; otherwise it stays in the outbox at /dev/mailbox).
 * The job is retried with backoff when SMTP fails.
 */
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
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
}

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
      const [row] = await tx.insert(emails).values({ to: message.to, subject: message.subject, html, text }).returning({ id: emails.id });
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
          await db.update(emails).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(emails.id, emailId));
        } catch (err) {
          await db.update(emails).set({ status: 'failed', lastError: String(err) }).where(eq(emails.id, emailId));
          throw err; // pg-boss retries with backoff
        }
      });
    },
  };
}
