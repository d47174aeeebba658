import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type APIRequestContext } from '@playwright/test';

import { DEMO_PASSWORD, DEMO_LOGIN_BY_TYPE, demoEmail } from '../apps/server/src/demo/accounts';
import { validCnpj, validCpf } from './br-documents';

export { DEMO_PASSWORD, demoEmail };
export { cnpjMasked, cpfMasked, validCnpj, validCpf, withWrongCheckDigit } from './br-documents';
/** The demo account of each user type (see README). */
export const DEMO_ACCOUNT_BY_TYPE = DEMO_LOGIN_BY_TYPE;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Senha/).fill(password);
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

/** A Mantine notification (toast) with this message and, when given, this title. */
export async function expectNotification(page: Page, message: string, title?: string) {
  const toast = page.locator('.mantine-Notifications-root').getByRole('alert').filter({ hasText: message }).first();
  await expect(toast).toBeVisible();
  await expect(toast.getByText(message, { exact: true })).toBeVisible();
  if (title) await expect(toast.getByText(title, { exact: true })).toBeVisible();
  return toast;
}

/** Close every visible notification, so the next assertion cannot be satisfied by an older toast. */
export async function dismissNotifications(page: Page) {
  const toasts = page.locator('.mantine-Notifications-root').getByRole('alert');
  // Toasts animate in and out (and a queued one may appear as another closes): close what is there
  // until none is left.
  await expect(async () => {
    for (const close of await toasts.locator('.mantine-Notification-closeButton').all()) {
      await close.click({ timeout: 1000 }).catch(() => undefined);
    }
    await expect(toasts).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 20_000 });
}

/**
 * A chart's numbers: opens its 'Ver dados em tabela' toggle (by keyboard, as its users would) and answers the table
 * captioned `caption`, with its header row first.
 */
export async function chartData(page: Page, caption: string) {
  const toggle = page.locator('summary').filter({ hasText: `Ver dados em tabela: ${caption}` });
  const details = page.locator('details').filter({ has: toggle });
  if ((await details.getAttribute('open')) === null) {
    await toggle.focus();
    await page.keyboard.press('Enter');
  }
  await expect(details).toHaveAttribute('open', '');
  return details.getByRole('table', { name: caption });
}


/** A valid 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** An institution signed up through the API (e-mail not confirmed yet). */
export async function signUpInstitutionApi(request: APIRequestContext, email: string) {
  const plans = (await (await request.get('/api/plans/signup')).json()) as { id: number }[];
  const res = await request.post('/api/signup', {
    headers: setupAddress(),
    data: { nameUser: 'Gestora E2E', email, sellerName: 'Escola E2E', cnpj: validCnpj(), planId: plans[0]!.id, status: 'inative' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { userId: number; sellerId: number; logoUploadToken: string };
}

/**
 * A fresh, active institution account with a password of our own, created entirely through the API:
 * sign-up, confirmation with the token of the e-mail, first sign-in with the temporary password and
 * the mandatory password change.
 */
export async function createActiveAccount(request: APIRequestContext, prefix: string, password = 'senha-e2e-1', acceptTerms = true) {
  const email = uniqueEmail(prefix);
  await signUpInstitutionApi(request, email);
  const confirmLink = new URL(linkIn((await lastMail(request, email, /Confirme seu e-mail/)).text));
  const from = setupAddress();
  const confirmed = await request.post('/api/confirm-email', { headers: from, data: { email, token: confirmLink.searchParams.get('token') } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const temporary = passwordIn((await lastMail(request, email, /Seus dados de acesso/)).text);
  const signin = await request.post('/api/signin', { headers: from, data: { email, password: temporary } });
  expect(signin.status(), await signin.text()).toBe(200);
  const { token, seller } = (await signin.json()) as { token: string; seller: { id: number } };
  const changed = await request.post('/api/update-password', {
    headers: { ...from, authorization: `Bearer ${token}` },
    data: { password, password_confirmation: password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  // The terms dialogs (spec 1 §2.13) would cover the screen of a new institution: accepted here unless a test wants them.
  for (const path of acceptTerms ? ['/api/sellers/accepted-terms', '/api/sellers/accepted-late-payment-terms'] : []) {
    const accepted = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data: { seller_id: seller.id } });
    expect(accepted.status(), await accepted.text()).toBe(200);
  }
  await request.post('/api/signout', { headers: { authorization: `Bearer ${token}` } });
  return { email, password, sellerId: seller.id };
}

/** The institution `sellerId` rents `providerId` on its plan: an active rent, opened by the admin. */
export async function activeRentApi(request: APIRequestContext, sellerId: number, providerId: number) {
  const admin = { authorization: `Bearer ${await demoToken(request, 'admin')}` };
  const institution = (await (await request.get(`/api/sellers/institution/${sellerId}`, { headers: admin })).json()) as { planId: number };
  const rented = await request.post('/api/sellers/rents/plans-rents', { headers: admin, data: { sellerId, providerId, planId: institution.planId } });
  expect(rented.status(), await rented.text()).toBe(200);
  const rent = ((await rented.json()) as { rent: { id: number; status: string } }).rent;
  expect(rent.status).toBe('active');
  return rent;
}

/**
 * A rent of `providerId` by `sellerId` made active the way the money flows: created, asked again and accepted by the
 * team (requested → waiting issues its first charge for the month), and that charge paid by the team (paying it
 * activates the rent). The provider's income counts it from then on (what was paid). Answers the rent and the charge.
 */
export async function paidRentApi(request: APIRequestContext, sellerId: number, providerId: number) {
  const rent = await activeRentApi(request, sellerId, providerId);
  const admin = { authorization: `Bearer ${await demoToken(request, 'admin')}` };
  for (const status of ['requested', 'waiting']) {
    const moved = await request.put(`/api/sellers/rents/${rent.id}`, { headers: admin, data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const list = (await (await request.get('/api/charges', { headers: admin, params: { sellerId, status: 'open' } })).json()) as {
    data: { id: number; amountCents: number; rents: { rentId: number }[] }[];
  };
  const charge = list.data.find((c) => c.rents.some((r) => r.rentId === rent.id))!;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const paid = await request.post(`/api/charges/${charge.id}/pay`, { headers: admin, data: { paidOn: today, reference: `E2E-${charge.id}` } });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(((await paid.json()) as { activatedRentIds: number[] }).activatedRentIds).toEqual([rent.id]);
  return { rent, charge };
}

/**
 * A new active institution (createActiveAccount) that actively rents the provider named `providerName` on its plan:
 * its account, its name and plan as the admin sees them, and the rent.
 */
export async function institutionRentingApi(request: APIRequestContext, prefix: string, providerName: string) {
  const account = await createActiveAccount(request, prefix);
  const admin = { authorization: `Bearer ${await demoToken(request, 'admin')}` };
  const institution = (await (await request.get(`/api/sellers/institution/${account.sellerId}`, { headers: admin })).json()) as {
    name: string; cnpj: string; planId: number; user: { name: string; email: string };
  };
  const providers = (await (await request.get(`/api/sellers/providers/${account.sellerId}`, { headers: admin, params: { planId: institution.planId, name: providerName } })).json()) as {
    data: { id: number; companyName: string }[];
  };
  const rent = await activeRentApi(request, account.sellerId, providers.data.find((p) => p.companyName === providerName)!.id);
  return { ...account, institution, rent };
}

/** A bearer token of a demo account, through the API. */
export async function demoToken(request: APIRequestContext, local: string): Promise<string> {
  const res = await request.post('/api/signin', { headers: setupAddress(), data: { email: demoEmail(local), password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Where a unit is filed: a university knowledge area and its learning levels. */
export interface UnitPlace {
  area?: string;
  levels?: string[];
}

/** The fields of a unit complete enough to be sent for analysis (spec 2 §5), in a university area ('Ciências Exatas e da Terra'). */
export async function completeUnitFields(request: APIRequestContext, token: string, title: string, place: UnitPlace = {}) {
  const { area = 'Ciências Exatas e da Terra', levels = ['Graduação'] } = place;
  const areas = (await (await request.get('/api/items/knowledge/find', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; title: string; type: string }[];
  const knowledge = areas.find((a) => a.title === area && a.type === 'university')!;
  return {
    title,
    authors: ['Autora E2E'],
    introduction: '<p>Texto de introdução publicado.</p>',
    learningObjectives: ['Objetivo E2E'],
    synthesis: '<p>Síntese E2E</p>',
    bibliographicReference: ['Referência E2E'],
    knowledges: [knowledge.id],
    levelOfLearning: levels,
    topics: [{ title: 'Tópico E2E', content: '<p>Texto do tópico</p>' }],
  };
}

/** A unit of the author's provider, complete, sent for analysis and published by a manager (the publish call, not the review flow). */
export async function publishedUnitApi(
  request: APIRequestContext,
  authorToken: string,
  title: string,
  place: UnitPlace = {},
): Promise<{ id: number; itemId: number; title: string }> {
  const headers = { authorization: `Bearer ${authorToken}` };
  const created = await request.post('/api/items/item/content/create', { headers, data: await completeUnitFields(request, authorToken, title, place) });
  expect(created.status(), await created.text()).toBe(200);
  const unit = (await created.json()) as { id: number; itemId: number; title: string };
  const sent = await request.put('/api/items/item/content/status/', { headers, data: { ids: [unit.id], status: 'send' } });
  expect(sent.status(), await sent.text()).toBe(200);
  const manager = await demoToken(request, 'manager');
  const published = await request.put(`/api/items/item/update-item-version/${unit.id}`, { headers: { authorization: `Bearer ${manager}` } });
  expect(published.status(), await published.text()).toBe(200);
  return unit;
}

/** How `approvedProviderApi` makes its provider: its profile, its password and its monthly price on each plan. */
export interface ProviderOptions {
  kind?: 'Fornecedor' | 'Profissional Liberal';
  password?: string;
  /** One price for every plan an institution signs up with, or one per plan in their order (centavos). */
  priceCents?: number | readonly number[];
}

/**
 * A provider of this test alone, through the API: signed up (a company, 'Fornecedor', unless `kind` says otherwise),
 * approved by the director, its temporary password replaced by `password`, priced on the plans; `token` signs its
 * requests (its units are nobody else's). It shows in the store once it has a published unit.
 */
export async function approvedProviderApi(request: APIRequestContext, prefix: string, options: ProviderOptions = {}) {
  const { kind = 'Fornecedor', password = 'senha-fornecedor-1', priceCents = 90_000 } = options;
  const email = uniqueEmail(prefix);
  const company = kind === 'Fornecedor';
  const nameUser = company ? 'Helena Fornecedora' : 'Lucas Liberal';
  const companyName = company ? `Fornecedor E2E ${Date.now()} ${Math.random().toString(36).slice(2, 8)}` : nameUser;
  const data = company
    ? { nameUser, email, typePerson: kind, cnpj: validCnpj(), companyName }
    : {
        nameUser,
        email,
        typePerson: kind,
        cpf: validCpf(),
        knowledgeLevel: [2],
        professionalExperience: 'Professor de história há oito anos.',
        lattes: 'http://lattes.cnpq.br/1234567890',
        linkdin: 'https://www.linkedin.com/in/lucas-liberal',
      };
  const from = setupAddress();
  const signup = await request.post('/api/providers/signup', { headers: from, data });
  expect(signup.status(), await signup.text()).toBe(200);
  const director = { authorization: `Bearer ${await demoToken(request, 'director')}` };
  const list = await request.get('/api/providers/filter', { headers: director, params: { name: email } });
  const [provider] = ((await list.json()) as { data: { id: number }[] }).data;
  const approved = await request.put('/api/providers/status', { headers: director, data: { ids: [provider!.id], status: 'active' } });
  expect(approved.status(), await approved.text()).toBe(200);
  const admin = { authorization: `Bearer ${await demoToken(request, 'admin')}` };
  const plans = (await (await request.get('/api/plans/signup')).json()) as { id: number }[];
  for (const [i, plan] of plans.entries()) {
    const value = typeof priceCents === 'number' ? priceCents : priceCents[i]!;
    const priced = await request.post('/api/providers/plans-value/create', { headers: admin, data: { planId: plan.id, providerId: provider!.id, value } });
    expect(priced.status(), await priced.text()).toBe(200);
  }
  const temporary = passwordIn((await lastMail(request, email, /Cadastro aprovado/)).text);
  const first = await request.post('/api/signin', { headers: from, data: { email, password: temporary } });
  expect(first.status(), await first.text()).toBe(200);
  const changed = await request.post('/api/update-password', {
    headers: { ...from, authorization: `Bearer ${((await first.json()) as { token: string }).token}` },
    data: { password, password_confirmation: password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const signin = await request.post('/api/signin', { headers: from, data: { email, password } });
  expect(signin.status(), await signin.text()).toBe(200);
  return { id: provider!.id, email, password, companyName, nameUser, token: ((await signin.json()) as { token: string }).token };
}

/**
 * A spec file's own client address (`test.use(ownClientAddress())`): the e2e server trusts X-Forwarded-For from
 * loopback, as behind a proxy, so the file's sign-ins count against its own per-address limit, not the other files'.
 */
export const ownClientAddress = () => ({
  extraHTTPHeaders: { 'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` },
});

/**
 * The client address of a data helper's rate-limited calls (sign-up, sign-in, password change): one of its own, so the
 * data a test prepares does not use up the per-address limits of the test's own sign-ins.
 */
const setupAddress = () => ownClientAddress().extraHTTPHeaders;

/** A date as São Paulo's calendar shows it (dd/mm/yyyy), as the reports print it. */
export const spDate = (date: Date) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(date);

/** Picks a day in a report's date field, going back `monthsBack` months in its calendar first. */
export async function pickDay(page: Page, field: string, day: number, monthsBack: number) {
  await page.getByRole('button', { name: field }).click();
  for (let i = 0; i < monthsBack; i++) await page.getByRole('button', { name: 'Mês anterior' }).click();
  const now = new Date();
  const target = new Date(now.getFullYear(), now.getMonth() - monthsBack, day);
  const month = new Intl.DateTimeFormat('pt-BR', { month: 'long' }).format(target);
  await page.getByRole('button', { name: `${day} ${month} ${target.getFullYear()}`, exact: true }).click();
  // The calendar closes with a transition: wait until it is gone, so the next field's calendar is the only one.
  await expect(page.getByRole('button', { name: 'Mês anterior' })).toHaveCount(0);
}

/** The CSV a button downloads (a report's 'Exportar Relatório'): its name and its lines after the UTF-8 BOM. */
export async function downloadCsv(page: Page, button: string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await downloading;
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { name: download.suggestedFilename(), lines: bytes.subarray(3).toString('utf8').split('\r\n') };
}

/** The WCAG 2.2 AA rule sets axe checks. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe finds nothing serious or critical on the page as it is (once its animations ended); `label` names the place. */
export async function expectNoSeriousAxe(page: Page, label: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(serious.map((v) => `[${label}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
