/**
 * Delivery: the admin grants the demo institution 'Baixar pacotes de unidades' in the institution's edit
 * modal (UI); the demo seller then asks for a published unit's package over the API, follows the job's progress and
 * downloads the zip. (The catalogue page that mounts the download button, and its journey, are the lead's.)
 */
import { test, expect } from '@playwright/test';
import { INSTITUTION_GRANT_LABELS, INSTITUTION_MSG } from '../packages/shared/src/institutions';
import { PACKAGE_MSG, type PackageState } from '../packages/shared/src/packages';
import { demoEmail, demoToken, expectNotification, ownClientAddress, publishedUnitApi, signIn } from './helpers';

test.use(ownClientAddress());

const DEMO_INSTITUTION = 'Faculdade Vale do Saber';

test('the admin grants packages; the institution then downloads a rented unit package built by the job', async ({ page, request }) => {
  test.setTimeout(120_000);
  const provider = await demoToken(request, 'provider');
  const unit = await publishedUnitApi(request, provider, `Unidade para pacote ${Date.now()}`);
  const seller = { authorization: `Bearer ${await demoToken(request, 'seller')}` };
  const packageUrl = `/api/items/item/content/${unit.id}/package`;

  // Without the grant: refused with the pt-BR reason.
  const refused = await request.post(packageUrl, { headers: seller });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(PACKAGE_MSG.noGrant);

  // The admin grants it in the institution's edit modal.
  await signIn(page, demoEmail('admin'));
  await page.getByRole('navigation').getByRole('link', { name: 'Instituições' }).click();
  await expect(page).toHaveURL('/seller/control');
  const row = page.getByRole('table', { name: 'Instituições' }).getByRole('row').filter({ hasText: DEMO_INSTITUTION });
  await row.getByRole('button', { name: `Mais ações de ${DEMO_INSTITUTION}` }).click();
  await page.getByRole('menuitem', { name: 'Editar Instituição' }).click();
  const modal = page.getByRole('dialog', { name: INSTITUTION_MSG.editTitle });
  const packages = modal.getByRole('checkbox', { name: INSTITUTION_GRANT_LABELS.packages });
  await expect(packages).not.toBeChecked();
  await packages.check();
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, INSTITUTION_MSG.updated);
  await expect(modal).toBeHidden();

  // Reopened, the modal shows the grant kept.
  await row.getByRole('button', { name: `Mais ações de ${DEMO_INSTITUTION}` }).click();
  await page.getByRole('menuitem', { name: 'Editar Instituição' }).click();
  await expect(page.getByRole('dialog', { name: INSTITUTION_MSG.editTitle }).getByRole('checkbox', { name: INSTITUTION_GRANT_LABELS.packages })).toBeChecked();
  await expect(page.getByRole('dialog', { name: INSTITUTION_MSG.editTitle }).getByRole('checkbox', { name: INSTITUTION_GRANT_LABELS.tempLinks })).not.toBeChecked();

  // The seller asks for the package: the job builds it; the status reports progress until ready.
  const asked = await request.post(packageUrl, { headers: seller });
  expect(asked.status(), await asked.text()).toBe(200);
  await expect
    .poll(async () => ((await (await request.get(packageUrl, { headers: seller })).json()) as PackageState).status, { timeout: 30_000 })
    .toBe('ready');
  const file = await request.get(`${packageUrl}/file`, { headers: seller });
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/zip');
  expect(file.headers()['content-disposition']).toBe(`attachment; filename="unidade_${unit.id}.zip"`);
  const zip = await file.body();
  expect(zip.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
  expect(zip.includes(Buffer.from('index.html'))).toBe(true);
  expect(zip.includes(Buffer.from('unidade.json'))).toBe(true);

  // In the catalogue: the seller (signed in after the grant) downloads from the unit's page; the button then counts
  // down from 30 s in steps of 5 (spec 3 §2.13, §9) before it can be used again.
  const sellerPage = await page.context().browser()!.newPage({ extraHTTPHeaders: { 'x-forwarded-for': '10.251.1.1' } });
  await signIn(sellerPage, demoEmail('seller'));
  await expect(sellerPage).toHaveURL('/dashboard');
  await sellerPage.goto(`/seller/rented-unit/item/${unit.id}`);
  const button = sellerPage.getByTestId('package-download').getByRole('button');
  await expect(button).toHaveText(PACKAGE_MSG.download);
  const download = sellerPage.waitForEvent('download');
  await button.click();
  expect((await download).suggestedFilename()).toBe(`unidade_${unit.id}.zip`);
  await expectNotification(sellerPage, PACKAGE_MSG.downloaded);
  await expect(button).toHaveText(PACKAGE_MSG.cooldown(30));
  await expect(button).toBeDisabled();
  await expect(button).toHaveText(PACKAGE_MSG.cooldown(25), { timeout: 8_000 });
  await sellerPage.close();
});
