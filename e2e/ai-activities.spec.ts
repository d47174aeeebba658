import fs from 'node:fs';
import { test, expect } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { demoEmail, expectNotification, signIn } from './helpers';
import { startFakeAi, type FakeAi } from './fake-ai';

// One fake chat API on a fixed port for the whole file.
test.describe.configure({ mode: 'serial' });

const ACTIVITY = 'Atividade: Debate sobre fotossíntese\n\n1. Título da atividade\nQuem alimenta o planeta?\n\n2. Duração\n120 minutos';
let fake: FakeAi;
test.beforeAll(async () => {
  fake = await startFakeAi(ACTIVITY);
});
test.afterAll(async () => {
  await fake?.stop();
});

test('the institution generates an activity with AI, copies it and downloads atividade.txt', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, demoEmail('seller'));
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Criar Atividades com IA' }).click();
  await expect(page.getByRole('heading', { name: 'Criar Atividades com IA' })).toBeVisible();

  // Defaults of spec 1 §9, and the required topic.
  await expect(page.getByRole('combobox', { name: 'Modelo de Atividade' })).toHaveValue('Debate Estruturado');
  await expect(page.getByRole('combobox', { name: 'Duração Estimada' })).toHaveValue('90 Minutos');
  await page.getByRole('button', { name: 'Gerar Atividade com IA' }).click();
  await expectNotification(page, MSG.aiRequired);
  expect(fake.prompts).toHaveLength(0);

  await page.getByRole('textbox', { name: 'Tema da Aula' }).fill('Fotossíntese');
  await page.getByRole('combobox', { name: 'Duração Estimada' }).click();
  await page.getByRole('option', { name: '120 Minutos' }).click();
  await page.getByRole('button', { name: 'Gerar Atividade com IA' }).click();

  const result = page.getByRole('textbox', { name: 'Atividade gerada' });
  await expect(result).toHaveValue(ACTIVITY);
  await expect(result).toHaveAttribute('readonly', '');
  expect(fake.prompts.at(-1)).toContain('"Debate Estruturado"');
  expect(fake.prompts.at(-1)).toContain('"Fotossíntese"');
  expect(fake.prompts.at(-1)).toContain('120 minutos');

  await page.getByRole('button', { name: 'Copiar Texto' }).click();
  await expectNotification(page, MSG.copied, MSG.copiedTitle);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ACTIVITY);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar Arquivo' }).click()]);
  expect(download.suggestedFilename()).toBe('atividade.txt');
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(ACTIVITY);
});

test('users outside the allow-list see "Acesso Restrito"', async ({ page }) => {
  await signIn(page, demoEmail('admin'));
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Criar Atividades com IA' }).click();
  await expect(page.getByText(MSG.aiRestrictedTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(MSG.aiRestricted)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gerar Atividade com IA' })).toHaveCount(0);
});
