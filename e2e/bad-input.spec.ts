import fs from 'node:fs';
import { test, expect } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { expectNotification, signIn, signUpInstitutionApi, TINY_PNG, uniqueEmail } from './helpers';

test('login: the 11th wrong attempt for one e-mail is refused with "Muitas tentativas"', async ({ page, request }) => {
  // A non-existent address of its own, so no other test is blocked.
  const email = uniqueEmail('bloqueio');
  await page.goto('/');
  // Ten wrong attempts from the browser (same client address as the form), each an ordinary failure.
  const statuses = await page.evaluate(async (address) => {
    const out: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch('/api/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address, password: `errada-${i}` }),
      });
      out.push(res.status);
    }
    return out;
  }, email);
  expect(statuses).toEqual(Array(10).fill(401));

  // The 11th, typed in the form.
  await signIn(page, email, 'errada-11');
  await expectNotification(page, MSG.tooManyAttempts, MSG.loginFailTitle);
  await expect(page).toHaveURL('/');

  // The limit is per e-mail: another address still gets the ordinary answer.
  const other = await request.post('/api/signin', { data: { email: uniqueEmail('livre'), password: 'errada' } });
  expect(other.status()).toBe(401);
  expect((await other.json()).message).toBe(MSG.loginFail);
});

test('institution sign-up: a logo over 10 MB or not an image is refused in the browser', async ({ page }, testInfo) => {
  const big = testInfo.outputPath('grande.png');
  fs.writeFileSync(big, Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024 + 1 - TINY_PNG.length)]));
  const text = testInfo.outputPath('notas.txt');
  fs.writeFileSync(text, 'isto não é uma imagem');

  await page.goto('/signup/seller');
  const input = page.getByLabel('Logo da instituição', { exact: true });
  await input.setInputFiles(big);
  await expectNotification(page, MSG.imageTooLarge, MSG.uploadFailTitle);
  await expect(page.getByRole('main').getByText(MSG.imageTooLarge, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Pré-visualização do logo' })).toHaveCount(0);

  await input.setInputFiles(text);
  await expect(page.getByRole('main').getByText(MSG.imageNotSupported, { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Pré-visualização do logo' })).toHaveCount(0);
});

test('logo upload API checks the real file type; the token survives a refused file', async ({ request }) => {
  const { userId, logoUploadToken } = await signUpInstitutionApi(request, uniqueEmail('logo-falso'));
  const send = (name: string, buffer: Buffer, token = logoUploadToken) =>
    request.post(`/api/signup/logo/${userId}`, {
      headers: { 'x-upload-token': token },
      multipart: { images: { name, mimeType: 'image/png', buffer } },
    });

  const fake = await send('logo.png', Buffer.from('isto é um texto com extensão de imagem\n'));
  expect(fake.status()).toBe(400);
  expect((await fake.json()).message).toBe(MSG.imageNotSupported);

  const wrongToken = await send('logo.png', TINY_PNG, 'token-que-nao-existe');
  expect(wrongToken.status()).toBe(403);
  expect((await wrongToken.json()).message).toBe(MSG.tokenInvalid);

  const real = await send('logo.png', TINY_PNG);
  expect(real.status(), await real.text()).toBe(200);
  const { logoUrl } = (await real.json()) as { logoUrl: string };
  expect(logoUrl).toMatch(/^\/uploads\/logos\/[0-9a-f]+\.png$/);
  expect((await request.get(logoUrl)).status()).toBe(200);

  // Single use.
  const again = await send('logo.png', TINY_PNG);
  expect(again.status()).toBe(403);
});

test('an unknown field in POST /api/signin is refused by name', async ({ request }) => {
  const res = await request.post('/api/signin', { data: { email: uniqueEmail('campo'), password: 'qualquer', x: 1 } });
  expect(res.status()).toBe(400);
  const body = (await res.json()) as { message: string; fields: Record<string, string> };
  expect(body.message).toBe(MSG.unknownField('x'));
  expect(body.fields).toEqual({ x: MSG.unknownField('x') });
});
