import { test, expect, type Page } from '@playwright/test';
import { LIMITS } from '../packages/shared/src/limits';
import { MSG } from '../packages/shared/src/messages';
import { createActiveAccount, demoEmail, expectNotification, signIn } from './helpers';

const TERMS = 'Termos de uso e política de privacidade';
const LATE = 'Aviso importante';
const SELLER_VIEW = /\/api\/sellers\/view\/\d+$/;

// The page's clock runs normally, but the test can jump it past the dialogs' delay instead of sleeping.
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/**
 * No dialog now or later: the dialogs' delay is run out on the page's clock and a frame rendered, so a
 * dialog that were due would be on screen by now.
 */
async function expectNoDialogEver(page: Page) {
  await page.clock.fastForward(LIMITS.termsDialogDelayMs);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('a new institution accepts the terms and then the late-payment notice, once', async ({ page, request }) => {
  const { email, password } = await createActiveAccount(request, 'termos', undefined, false);
  await signIn(page, email, password);
  await expect(page).toHaveURL('/dashboard');

  const terms = page.getByRole('dialog', { name: TERMS });
  await expect(terms).toBeVisible();
  await expect(terms.getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute('href', /^https:\/\//);
  await expect(terms.getByRole('link', { name: 'Termos de uso da plataforma' })).toHaveAttribute('href', /^https:\/\//);
  // It cannot be dismissed: no close button, Escape does nothing.
  await expect(terms.locator('.mantine-Modal-close')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(terms).toBeVisible();

  await terms.getByRole('button', { name: 'Confirmar' }).click();
  await expect(terms.getByText(MSG.confirmCheckbox)).toBeVisible();
  await terms.getByRole('checkbox', { name: /Li e compreendi/ }).check();
  await terms.getByRole('button', { name: 'Confirmar' }).click();
  await expectNotification(page, MSG.termsSaved);

  const late = page.getByRole('dialog', { name: LATE });
  await expect(late).toBeVisible();
  await expect(terms).toBeHidden();
  await expect(late).toContainText('superior a 10 dias');
  await expect(late).toContainText('não significa que a sua instituição esteja inadimplente');
  await page.keyboard.press('Escape');
  await late.getByRole('button', { name: 'Confirmar' }).click();
  await expect(late.getByText(MSG.confirmCheckbox)).toBeVisible();
  await late.getByRole('checkbox', { name: /termo de inadimplência/ }).check();
  await late.getByRole('button', { name: 'Confirmar' }).click();
  await expect(late).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Signed in again: the institution is read, both are accepted, and nothing is asked.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/');
  const institution = page.waitForResponse((r) => SELLER_VIEW.test(new URL(r.url()).pathname) && r.request().method() === 'GET');
  await signIn(page, email, password);
  await expect(page).toHaveURL('/dashboard');
  expect(await (await institution).json()).toMatchObject({ accepted_terms: true, accepted_late_payment_terms: true });
  await expectNoDialogEver(page);
});

test('the user may sign out from the terms dialog instead; other users never see it', async ({ page, request }) => {
  const { email, password } = await createActiveAccount(request, 'termos-sair', undefined, false);
  await signIn(page, email, password);
  const terms = page.getByRole('dialog', { name: TERMS });
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/');

  // The seller's assistant of an institution that accepted, and staff: the terms are not even looked up.
  const lookups: string[] = [];
  page.on('request', (r) => {
    if (SELLER_VIEW.test(new URL(r.url()).pathname)) lookups.push(r.url());
  });
  for (const local of ['seller.assistente', 'admin']) {
    await signIn(page, demoEmail(local));
    await expect(page).toHaveURL('/dashboard');
    await expectNoDialogEver(page);
    expect(lookups, local).toEqual([]);
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL('/');
  }
});
