ALTER TABLE "emails" ADD COLUMN "secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- E-mails written before the column that carry a one-time credential (the subjects of those messages): marked secret,
-- and the ones SMTP already delivered lose their content now, as later ones will right after delivery (platform/mail.ts).
-- Outbox rows (the demo) keep their content.
UPDATE "emails" SET "secret" = true
WHERE "subject" IN (
  'Seus dados de acesso',
  'Cadastro aprovado: seus dados de acesso',
  'Instituição ativada: seus dados de acesso',
  'Bem-vindo à Saber Compartilhado: seus dados de acesso',
  'Redefinição de senha',
  'Confirme seu e-mail',
  'Sua nova chave LMS'
);--> statement-breakpoint
UPDATE "emails"
SET "text" = 'Conteúdo removido após o envio: esta mensagem continha dados de acesso (senha provisória, link ou chave).',
    "html" = '<!doctype html><html lang="pt-BR"><body><p>Conteúdo removido após o envio: esta mensagem continha dados de acesso (senha provisória, link ou chave).</p></body></html>'
WHERE "secret" AND "status" = 'sent';
