import { expect, type Page, type APIRequestContext } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';
export const demoEmail = (local: string) => `${local}@demo.sabercompartilhado.com.br`;

/** The demo account of each user type (see README). */
export const DEMO_ACCOUNT_BY_TYPE = {
  admin: 'admin',
  director: 'director',
  manager: 'manager',
  curator: 'curator',
  review: 'review',
  provider: 'provider',
  serviceProvider: 'serviceprovider',
  editor: 'editor',
  seller: 'seller',
  seller_assistent: 'seller.assistente',
  seller_content_manager: 'seller.conteudo',
  client: 'client',
  user: 'user',
} as const;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

interface MailRow {
  id: number;
  to: string;
  subject: string;
  text: string;
}

/** The newest e-mail sent to `to` (optionally whose subject matches), read from the dev outbox. */
export async function lastMail(request: APIRequestContext, to: string, subject?: RegExp): Promise<MailRow> {
  let found: MailRow | undefined;
  await expect
    .poll(async () => {
      const rows = (await (await request.get('/dev/mailbox.json')).json()) as MailRow[];
      found = rows.find((m) => m.to === to && (!subject || subject.test(m.subject)));
      return !!found;
    })
    .toBe(true);
  return found!;
}

export const linkIn = (text: string) => text.match(/https?:\/\/\S+/)![0];
export const passwordIn = (text: string) => text.match(/senha provisória é: (\S+)/)![1]!;

let counter = 0;
/** A unique e-mail for a test run. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${process.pid}.${counter++}@exemplo.com.br`;
