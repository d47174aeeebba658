import { chromium } from '@playwright/test';
const base = 'http://localhost:3213';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function as(user, shots) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  page.on('response', (r) => { if (r.status() >= 400) console.log(user, 'RESP', r.status(), r.request().method(), r.url()); });
  await page.goto(base + '/');
  await page.getByLabel('E-mail').fill(`${user}@demo.sabercompartilhado.com.br`);
  await page.getByLabel('Senha').fill('demo1234');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/dashboard/);
  for (const [url, name] of shots) {
    await page.goto(base + url);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/shots/${name}.png` });
  }
  await page.close();
}
await as('seller', [['/dashboard/tutorials', 'tutorials'], ['/dashboard/ia-activities', 'ai'], ['/dashboard/units/item/3', 'preview-seller']]);
await as('manager', [['/dashboard/units', 'staff']]);
await browser.close();
