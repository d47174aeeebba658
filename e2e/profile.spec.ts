import fs from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { approvedProviderApi, demoEmail, dismissNotifications, expectNotification, ownClientAddress, signIn, TINY_PNG } from './helpers';

/**
 * This file's own client address (the server trusts X-Forwarded-For, as behind its proxy): its
 * sign-ups, sign-ins and password changes do not use up the per-address limits other journeys share.
 */
test.use(ownClientAddress());

const PASSWORD = 'senha-perfil-1';

const main = (page: Page) => page.getByRole('main');
const field = (page: Page, label: string) => main(page).getByRole('textbox', { name: label, exact: true });
/** The error text of a Mantine input, read through its accessible description. */
async function expectFieldError(page: Page, label: string | RegExp, message: string) {
  const input = main(page).getByLabel(label, { exact: typeof label === 'string' ? true : undefined });
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}
const imageGroup = (page: Page, label: string) => main(page).getByRole('group', { name: label, exact: true });

async function chooseImage(page: Page, label: string, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await main(page).getByRole('button', { name: `Escolher ${label}` }).click();
  await (await chooser).setFiles(file);
}
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: TINY_PNG });

async function save(page: Page) {
  await dismissNotifications(page);
  await main(page).getByRole('button', { name: 'Atualizar Perfil' }).click();
}

test('a provider edits its profile with avatar, logo and cover, deletes images and changes the password', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const account = await approvedProviderApi(request, 'perfil', { password: PASSWORD });
  await signIn(page, account.email, PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('link', { name: 'Abrir meu perfil' }).click();
  await expect(page).toHaveURL('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'Meu Perfil' })).toBeVisible();

  await expect(field(page, 'Nome')).toHaveValue('Helena Fornecedora');
  await expect(field(page, 'E-mail')).toHaveValue(account.email);
  await expect(main(page).getByLabel(/^Senha atual/)).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Dados do fornecedor' })).toBeVisible();
  await expect(main(page).getByLabel(/^Nome da empresa/)).toHaveValue(account.companyName);
  await expect(main(page).getByLabel(/^Link do LinkedIn/)).toHaveCount(0);

  // The description is required for a provider, and the sign-up left it empty.
  await save(page);
  await expectFieldError(page, /^Descrição para divulgação/, MSG.required);
  await expect(main(page).getByLabel(/^Descrição para divulgação/)).toBeFocused();

  // Images over 10 MB or that are not images are refused before anything is sent.
  const big = testInfo.outputPath('grande.png');
  fs.writeFileSync(big, Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024 + 1 - TINY_PNG.length)]));
  await chooseImage(page, 'Imagem de capa', big);
  await expectNotification(page, MSG.imageTooLarge, MSG.uploadFailTitle);
  await expect(imageGroup(page, 'Imagem de capa').getByText(MSG.imageTooLarge)).toBeVisible();
  await dismissNotifications(page);
  await chooseImage(page, 'Logo', { name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('não é imagem') });
  await expectNotification(page, MSG.imageNotSupported, MSG.uploadFailTitle);
  await expect(imageGroup(page, 'Logo').getByText(MSG.imageNotSupported)).toBeVisible();
  await dismissNotifications(page);

  await field(page, 'Nome').fill('Helena Editada');
  await main(page).getByLabel(/^Descrição para divulgação/).fill('Materiais de ciências para o ensino fundamental.');
  await chooseImage(page, 'Foto de perfil', png('avatar.png'));
  await chooseImage(page, 'Logo', png('logo.png'));
  await chooseImage(page, 'Imagem de capa', png('capa.png'));
  await expect(main(page).getByRole('img', { name: 'Pré-visualização: Logo' })).toBeVisible();
  await expect(main(page).getByRole('img', { name: 'Pré-visualização: Imagem de capa' })).toBeVisible();
  await save(page);
  await expectNotification(page, MSG.changeSaved);

  // The top bar greets with the new name and shows the new avatar.
  await expect(page.getByRole('banner').getByText('Olá, Helena')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Helena Editada' })).toHaveAttribute('src', /^\/uploads\/avatars\//);
  await page.reload();
  await expect(main(page).getByLabel(/^Descrição para divulgação/)).toHaveValue('Materiais de ciências para o ensino fundamental.');
  await expect(imageGroup(page, 'Logo').getByRole('img', { name: 'Logo' })).toHaveAttribute('src', /^\/uploads\/logos\//);
  await expect(imageGroup(page, 'Imagem de capa').getByRole('img', { name: 'Imagem de capa' })).toHaveAttribute('src', /^\/uploads\/covers\//);

  // Deleting images.
  await main(page).getByRole('button', { name: 'Excluir Logo' }).click();
  await expectNotification(page, MSG.logoDeleted);
  await expect(imageGroup(page, 'Logo').getByText('Sem imagem')).toBeVisible();
  await dismissNotifications(page);
  await main(page).getByRole('button', { name: 'Excluir Logo' }).click();
  await expectNotification(page, MSG.avatarNone);
  await main(page).getByRole('button', { name: 'Excluir Imagem de capa' }).click();
  await expectNotification(page, MSG.coverDeleted);
  await main(page).getByRole('button', { name: 'Excluir Foto de perfil' }).click();
  await expectNotification(page, MSG.avatarDeleted);
  await expect(page.getByRole('banner').getByRole('img', { name: 'Helena Editada' })).toHaveAttribute('src', '/avatar-default.svg');
  await page.reload();
  await expect(imageGroup(page, 'Logo').getByText('Sem imagem')).toBeVisible();
  await expect(imageGroup(page, 'Imagem de capa').getByText('Sem imagem')).toBeVisible();

  // Password: typing a new one asks for the current one.
  await main(page).getByLabel(/^Nova senha/).fill('senha-trocada-2');
  await main(page).getByLabel(/^Confirmar nova senha/).fill('outra-coisa');
  await expect(main(page).getByLabel(/^Senha atual/)).toBeEnabled();
  await save(page);
  await expectFieldError(page, /^Confirmar nova senha/, MSG.profilePasswordsDontMatch);
  await expectFieldError(page, /^Senha atual/, MSG.required);
  await main(page).getByLabel(/^Confirmar nova senha/).fill('senha-trocada-2');
  await main(page).getByLabel(/^Senha atual/).fill('senha-errada');
  await save(page);
  await expectNotification(page, MSG.profileFail, MSG.profileFailTitle);
  await expectFieldError(page, /^Senha atual/, MSG.currentPasswordWrong);
  await main(page).getByLabel(/^Senha atual/).fill(PASSWORD);
  await save(page);
  await expectNotification(page, MSG.changeSaved);
  await expect(main(page).getByLabel(/^Senha atual/)).toBeDisabled();

  await page.getByRole('button', { name: 'Sair' }).click();
  await signIn(page, account.email, 'senha-trocada-2');
  await expect(page).toHaveURL('/dashboard');
});

test('an independent professional keeps LinkedIn, Lattes, knowledge levels and experience', async ({ page, request }) => {
  const account = await approvedProviderApi(request, 'perfil', { kind: 'Profissional Liberal', password: PASSWORD });
  await signIn(page, account.email, PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/dashboard/profile');

  await expect(main(page).getByLabel(/^Link do LinkedIn/)).toHaveValue('https://www.linkedin.com/in/lucas-liberal');
  await expect(main(page).getByLabel(/^Link do currículo Lattes/)).toHaveValue('http://lattes.cnpq.br/1234567890');
  await expect(main(page).getByLabel(/^Experiência profissional/)).toHaveValue('Professor de história há oito anos.');
  await expect(main(page).getByText('Graduação', { exact: true })).toBeVisible();

  await main(page).getByLabel(/^Link do LinkedIn/).fill('meu linkedin');
  await main(page).getByLabel(/^Link do currículo Lattes/).fill('');
  await main(page).getByLabel(/^Experiência profissional/).fill('');
  await save(page);
  await expectFieldError(page, /^Link do LinkedIn/, MSG.mustBeLink);
  await expectFieldError(page, /^Link do currículo Lattes/, MSG.required);
  await expectFieldError(page, /^Experiência profissional/, MSG.required);
  await expectFieldError(page, /^Descrição para divulgação/, MSG.required);

  await main(page).getByLabel(/^Link do LinkedIn/).fill('https://www.linkedin.com/in/lucas-novo');
  await main(page).getByLabel(/^Link do currículo Lattes/).fill('http://lattes.cnpq.br/999');
  await main(page).getByLabel(/^Experiência profissional/).fill('Professor de história e geografia.');
  await main(page).getByLabel(/^Descrição para divulgação/).fill('Aulas de história com fontes primárias.');
  await main(page).getByRole('combobox', { name: 'Nível de conhecimento' }).click();
  await page.getByRole('option', { name: 'Doutorado', exact: true }).click();
  await page.keyboard.press('Escape');
  await save(page);
  await expectNotification(page, MSG.changeSaved);

  await page.reload();
  await expect(main(page).getByLabel(/^Link do LinkedIn/)).toHaveValue('https://www.linkedin.com/in/lucas-novo');
  await expect(main(page).getByLabel(/^Experiência profissional/)).toHaveValue('Professor de história e geografia.');
  await expect(main(page).getByText('Doutorado', { exact: true })).toBeVisible();
  await expect(main(page).getByText('Graduação', { exact: true })).toBeVisible();
});

test('users without a provider see only their own data; the demo provider sees its company', async ({ page }) => {
  await signIn(page, demoEmail('client'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/dashboard/profile');
  await expect(field(page, 'E-mail')).toHaveValue(demoEmail('client'));
  await expect(main(page).getByRole('button', { name: 'Atualizar Perfil' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dados do fornecedor' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sair' }).click();

  await signIn(page, demoEmail('provider'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'Dados do fornecedor' })).toBeVisible();
  await expect(main(page).getByLabel(/^Nome da empresa/)).not.toHaveValue('');
  await expect(imageGroup(page, 'Logo')).toBeVisible();
});
