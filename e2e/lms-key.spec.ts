import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { demoEmail, DEMO_PASSWORD, expectNotification, institutionRentingApi, lastMail, signIn } from './helpers';

/**
 * An institution of its own for each journey that replaces a key: the demo institution's key is what other journeys'
 * links carry (the LTI and student journeys), and a new one revokes them mid-journey. It rents the demo provider.
 */
async function ownInstitution(request: APIRequestContext, prefix: string) {
  const { email, password, institution } = await institutionRentingApi(request, prefix, 'Editora Horizonte Educacional');
  return { email, password, name: institution.name };
}


const KEY = /^lms_[A-Za-z0-9_-]{43}$/;

async function generateOnPage(page: Page): Promise<string> {
  await page.getByRole('main').getByRole('button', { name: 'Gerar chave LMS' }).click();
  const confirmDialog = page.getByRole('dialog', { name: MSG.lmsKeyConfirmTitle });
  await expect(confirmDialog).toContainText(MSG.lmsKeyConfirm);
  await confirmDialog.getByRole('button', { name: 'Gerar chave LMS' }).click();
  const shown = page.getByRole('dialog', { name: MSG.lmsKeyGeneratedTitle });
  await expect(shown).toBeVisible();
  const key = await shown.getByLabel('Chave LMS').inputValue();
  expect(key).toMatch(KEY);
  expect(await page.evaluate(() => localStorage.getItem('sc.lmsKey'))).toBe(key);
  await shown.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(shown).toBeHidden();
  return key;
}

test('the institution generates its LMS key on /lms-key, and a new key refuses the old one', async ({ page, request }) => {
  const own = await ownInstitution(request, 'chave-pagina');
  await page.goto('/lms-key');
  await expect(page.getByRole('heading', { name: 'Gerar chave LMS' })).toBeVisible();
  await expect(page.getByText('a chave anterior é excluída e todas as unidades vinculadas a ela são desvinculadas')).toBeVisible();

  // Staff cannot use the page: refused in Portuguese and left signed out.
  await page.getByLabel('E-mail').fill(demoEmail('admin'));
  await page.getByLabel(/^Senha/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expectNotification(page, MSG.lmsKeySellerOnly, MSG.loginFailTitle);
  expect(await page.evaluate(() => localStorage.getItem('sc.token'))).toBeNull();

  await page.getByLabel('E-mail').fill(own.email);
  await page.getByLabel(/^Senha/).fill(own.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Você está conectado(a) como')).toBeVisible();

  // Cancelling the confirmation changes nothing.
  await page.getByRole('main').getByRole('button', { name: 'Gerar chave LMS' }).click();
  await page.getByRole('dialog', { name: MSG.lmsKeyConfirmTitle }).getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('dialog', { name: MSG.lmsKeyGeneratedTitle })).toHaveCount(0);

  const first = await generateOnPage(page);
  const whoami = (key: string) => request.get('/api/lms/whoami', { headers: { lms_key: key } });
  expect((await whoami(first)).status()).toBe(200);
  expect(await (await whoami(first)).json()).toMatchObject({ sellerName: own.name });

  const second = await generateOnPage(page);
  expect(second).not.toBe(first);
  const old = await whoami(first);
  expect(old.status()).toBe(403);
  expect(await old.json()).toMatchObject({ message: MSG.lmsKeyInvalid });
  expect((await whoami(second)).status()).toBe(200);
});

test('in Configurações the institution requests a new key by e-mail', async ({ page, request }) => {
  const own = await ownInstitution(request, 'chave-config');
  await signIn(page, own.email, own.password);
  await expect(page).toHaveURL('/dashboard');
  // From the menu: where 'Exportar para o LMS' without a key sends the institution (LMS_EXPORT_MSG.noLmsKey).
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Configurações' }).click();
  await expect(page).toHaveURL('/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'Configurações' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Chave LMS' });
  await section.getByRole('button', { name: 'Gerar chave LMS' }).click();
  const confirmDialog = page.getByRole('dialog', { name: MSG.lmsKeyConfirmTitle });
  await expect(confirmDialog).toContainText(MSG.lmsKeyConfirm);
  await confirmDialog.getByRole('button', { name: 'Gerar chave LMS' }).click();
  const sent = page.getByRole('dialog', { name: MSG.lmsKeyEmailSentTitle });
  await expect(sent).toContainText(MSG.lmsKeyEmailSent);
  await sent.getByRole('button', { name: 'Entendi' }).click();

  const mail = await lastMail(request, own.email, /Sua nova chave LMS/);
  const key = mail.text.match(/lms_[A-Za-z0-9_-]{43}/)![0];
  expect((await request.get('/api/lms/whoami', { headers: { lms_key: key } })).status()).toBe(200);
});

test("the institution's assistant sees the section but cannot generate", async ({ page }) => {
  await signIn(page, demoEmail('seller.assistente'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Chave LMS' });
  await expect(section).toContainText(MSG.lmsKeyAdminOnly);
  await expect(section.getByRole('button', { name: 'Gerar chave LMS' })).toHaveCount(0);
});

test("the institution's LMS links a rented unit with the key from Configurações and gets its launch address; a new key unlinks it", async ({ page, request }) => {
  const own = await ownInstitution(request, 'chave-lms');
  await signIn(page, own.email, own.password);
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Chave LMS' });
  await section.getByRole('button', { name: 'Gerar chave LMS' }).click();
  await page.getByRole('dialog', { name: MSG.lmsKeyConfirmTitle }).getByRole('button', { name: 'Gerar chave LMS' }).click();
  const sent = page.getByRole('dialog', { name: MSG.lmsKeyEmailSentTitle });
  await expect(sent).toContainText(MSG.lmsKeyEmailSent);
  await sent.getByRole('button', { name: 'Entendi' }).click();
  const key = (await lastMail(request, own.email, /Sua nova chave LMS/)).text.match(/lms_[A-Za-z0-9_-]{43}/)![0];

  // A unit of the institution's catalogue (its active rent of the demo provider), as the LMS would know it.
  const token = await page.evaluate(() => localStorage.getItem('sc.token'));
  const catalogue = await (await request.get('/api/items/item/catalogue', { headers: { authorization: `Bearer ${token}` } })).json();
  const unit = catalogue.groups[0].units[0] as { itemId: number; title: string };

  const save = (lmsKey: string) => request.post('/api/saveDataInJson', { headers: { lms_key: lmsKey }, data: { itemId: unit.itemId } });
  const linked = await save(key);
  expect(linked.status()).toBe(200);
  const body = await linked.json();
  expect(body).toMatchObject({ itemId: unit.itemId, title: unit.title, companyName: 'Editora Horizonte Educacional', studentParam: 'student', alreadyLinked: false });
  expect(new URL(body.url).pathname).toBe('/student/link');
  expect((await (await save(key)).json()).alreadyLinked).toBe(true);

  // The launch address opens the unit (the student link's verification; the LMS appends &student=<id>).
  const opened = await request.get('/api/student/link/verify', { params: { token: new URL(body.url).searchParams.get('token')! } });
  expect(opened.status()).toBe(200);
  expect((await opened.json()).units).toEqual([expect.objectContaining({ itemId: unit.itemId, title: unit.title })]);

  const wrong = await save(`${key.slice(0, -2)}xx`);
  expect(wrong.status()).toBe(401);
  expect(await wrong.json()).toMatchObject({ message: MSG.lmsKeyInvalid });

  // A new key: the old one is refused, the address revoked, and the unit links anew.
  await page.reload();
  await section.getByRole('button', { name: 'Gerar chave LMS' }).click();
  await page.getByRole('dialog', { name: MSG.lmsKeyConfirmTitle }).getByRole('button', { name: 'Gerar chave LMS' }).click();
  await page.getByRole('dialog', { name: MSG.lmsKeyEmailSentTitle }).getByRole('button', { name: 'Entendi' }).click();
  expect((await save(key)).status()).toBe(401);
  expect((await request.get('/api/student/link/verify', { params: { token: body.token } })).status()).toBe(403);
  let next = key;
  await expect.poll(async () => (next = (await lastMail(request, own.email, /Sua nova chave LMS/)).text.match(/lms_[A-Za-z0-9_-]{43}/)![0])).not.toBe(key);
  expect((await (await save(next)).json()).alreadyLinked).toBe(false);
});
