import { test, expect, type Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { CSV_MSG } from '../packages/shared/src/csv';
import { demoEmail, dismissNotifications, expectNotification, lastMail, passwordIn, signIn, uniqueEmail } from './helpers';

async function openMyTeam(page: Page, local: string) {
  await signIn(page, demoEmail(local));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/dashboard/my-team');
  await expect(page.getByRole('heading', { name: 'Meu Time' })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Membros da equipe' });
const rowOf = (page: Page, text: string) => table(page).getByRole('row').filter({ hasText: text });

test('seller: creates, edits, deletes, restores and bulk-deletes a team member', async ({ page, request }) => {
  const email = uniqueEmail('membro');
  const name = `Marcos ${Date.now()}`;
  await openMyTeam(page, 'seller');
  await expect(page.getByRole('tab', { name: 'Mais Recentes' })).toHaveAttribute('aria-selected', 'true');

  // New member: required fields and e-mail format are checked.
  await page.getByRole('button', { name: 'Novo membro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo membro' });
  await dialog.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(dialog.getByText(MSG.required, { exact: true })).toHaveCount(3);
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('E-mail').fill('nao-e-email');
  await dialog.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(dialog.getByText(MSG.invalidEmail, { exact: true })).toBeVisible();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('combobox', { name: 'Tipo de usuário' }).click();
  await expect(page.getByRole('option')).toHaveText(['Gestor de Conteúdo', 'Assistente da Instituição']);
  await page.getByRole('option', { name: 'Assistente da Instituição' }).click();
  await dialog.getByRole('button', { name: 'Cadastrar' }).click();
  await expectNotification(page, MSG.userCreated);
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, name)).toContainText('Ativo');
  await expect(rowOf(page, name)).toContainText('Assistente da Instituição');
  expect(passwordIn((await lastMail(request, email, /Seus dados de acesso/)).text).length).toBeGreaterThanOrEqual(8);

  // Edit.
  await page.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar membro' });
  await expect(edit.getByLabel('E-mail')).toHaveValue(email);
  await edit.getByLabel('Nome').fill(`${name} Editado`);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, MSG.userEdited);
  const edited = `${name} Editado`;
  await expect(rowOf(page, edited)).toBeVisible();

  // Search (debounced) finds it by name, ignoring accents and case.
  await page.getByLabel('Buscar').fill(edited.toUpperCase());
  await expect(table(page).getByRole('row')).toHaveCount(2);

  // Delete asks first; cancel keeps it.
  await page.getByRole('button', { name: `Excluir ${edited}` }).click();
  const confirmDialog = page.getByRole('dialog', { name: MSG.deleteUserConfirm });
  await expect(confirmDialog.getByText(MSG.canBeUndone)).toBeVisible();
  await confirmDialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(rowOf(page, edited)).toContainText('Ativo');
  await page.getByRole('button', { name: `Excluir ${edited}` }).click();
  await page.getByRole('dialog', { name: MSG.deleteUserConfirm }).getByRole('button', { name: 'Excluir' }).click();
  await expectNotification(page, MSG.statusEdited);
  await expect(rowOf(page, edited)).toContainText('Excluído');

  // Only active ones: gone. The trash shows it and restores it.
  await page.getByText('Ativos', { exact: true }).click();
  await expect(table(page)).toContainText('Nenhum membro encontrado.');
  await page.getByRole('tab', { name: 'Lixeira' }).click();
  await expect(rowOf(page, edited)).toContainText('Excluído');
  await dismissNotifications(page);
  await page.getByRole('button', { name: `Restaurar ${edited}` }).click();
  await expectNotification(page, MSG.statusEdited);
  await expect(table(page)).toContainText('A lixeira está vazia.');

  // Back in the list, active again; bulk delete of the selected row.
  await page.getByRole('tab', { name: 'A-Z' }).click();
  await expect(rowOf(page, edited)).toContainText('Ativo');
  await dismissNotifications(page);
  await rowOf(page, edited).getByRole('checkbox', { name: 'Selecionar linha' }).check();
  await page.getByRole('button', { name: 'Excluir selecionados (1)' }).click();
  await page.getByRole('dialog', { name: MSG.deleteUserConfirm }).getByRole('button', { name: 'Excluir' }).click();
  await expectNotification(page, MSG.statusEdited);
  await expect(table(page)).toContainText('Nenhum membro encontrado.');
  await page.getByRole('tab', { name: 'Lixeira' }).click();
  await expect(rowOf(page, edited)).toContainText('Excluído');
});

test('seller: imports a CSV, sees the rows with errors, and creates the valid ones', async ({ page, request }) => {
  const stamp = `${Date.now()}${process.pid}`;
  const good1 = { name: `Importada Um ${stamp}`, email: uniqueEmail('import1') };
  const good2 = { name: `Importado Dois ${stamp}`, email: uniqueEmail('import2') };
  const csv =
    '\uFEFFnome;e-mail\r\n' +
    `${good1.name};${good1.email}\r\n` +
    `;sem.nome.${stamp}@exemplo.com.br\r\n` +
    `Caio;caio-sem-arroba\r\n` +
    `${good2.name};${good2.email}\r\n` +
    `Repetida;${good1.email.toUpperCase()}\r\n` +
    `Samuel;${demoEmail('seller.assistente')}\r\n`;
  await openMyTeam(page, 'seller');
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar CSV' });
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await dialog.getByRole('radio', { name: 'Assistente da Instituição' }).check();

  // A file without the header is refused with its reason.
  let chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Arquivo CSV' }).click();
  await (await chooser).setFiles({ name: 'sem-cabecalho.csv', mimeType: 'text/csv', buffer: Buffer.from('Ana,ana@x.com\n') });
  await expect(dialog.getByText(CSV_MSG.header)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();

  chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: /Arquivo CSV/ }).click();
  await (await chooser).setFiles({ name: 'equipe.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(dialog.getByTestId('import-summary')).toHaveText('2 linhas válidas, 4 com erro');
  const preview = dialog.getByRole('table', { name: 'Pré-visualização da importação' });
  const line = (n: number) => preview.getByRole('row').filter({ has: page.getByRole('cell', { name: String(n), exact: true }) });
  await expect(line(2)).toContainText('Pronto para importar');
  await expect(line(3)).toContainText(`Nome: ${MSG.required}`);
  await expect(line(4)).toContainText(`E-mail: ${MSG.invalidEmail}`);
  await expect(line(5)).toContainText('Pronto para importar');
  await expect(line(6)).toContainText(`E-mail: ${CSV_MSG.duplicate}`);
  await expect(line(7)).toContainText(`E-mail: ${MSG.emailInUse}`);
  await dialog.getByRole('switch', { name: 'Mostrar apenas linhas com erro' }).check();
  await expect(preview.getByRole('row')).toHaveCount(5);

  await dialog.getByRole('button', { name: 'Importar', exact: true }).click();
  await expectNotification(page, CSV_MSG.imported(2));
  await expect(dialog).toBeHidden();
  await page.getByLabel('Buscar').fill(stamp);
  await expect(table(page).getByRole('row')).toHaveCount(3);
  await expect(rowOf(page, good1.name)).toContainText('Assistente da Instituição');
  await expect(rowOf(page, good2.name)).toContainText('Ativo');
  for (const g of [good1, good2]) expect(passwordIn((await lastMail(request, g.email, /Seus dados de acesso/)).text).length).toBe(12);
});

test("seller's assistant sees the team but cannot change it", async ({ page }) => {
  await openMyTeam(page, 'seller.assistente');
  await expect(rowOf(page, 'Sílvia Coordenadora')).toContainText('Instituição');
  await expect(page.getByRole('button', { name: 'Novo membro' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Importar CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Excluir selecionados/ })).toHaveCount(0);
  await expect(table(page).getByRole('checkbox')).toHaveCount(0);
  await expect(table(page).getByRole('columnheader', { name: 'Ações' })).toHaveCount(0);
});

test('provider: its team, and only editor or service provider as new members', async ({ page }) => {
  await openMyTeam(page, 'provider');
  await expect(rowOf(page, 'Eduardo Editor')).toContainText('Editor');
  await page.getByRole('button', { name: 'Novo membro' }).click();
  await page.getByRole('dialog', { name: 'Novo membro' }).getByRole('combobox', { name: 'Tipo de usuário' }).click();
  await expect(page.getByRole('option')).toHaveText(['Fornecedor de Serviço', 'Editor']);
});

test('director: the staff it manages, and only those types as new members', async ({ page }) => {
  await openMyTeam(page, 'director');
  await page.getByRole('tab', { name: 'A-Z' }).click();
  await expect(rowOf(page, 'Marta Gerente')).toContainText('Gerente');
  await expect(rowOf(page, 'Carlos Curador')).toBeVisible();
  await expect(table(page)).not.toContainText('Ana Administradora');
  await expect(table(page)).not.toContainText('Sílvia Coordenadora');
  await page.getByRole('button', { name: 'Novo membro' }).click();
  await page.getByRole('dialog', { name: 'Novo membro' }).getByRole('combobox', { name: 'Tipo de usuário' }).click();
  await expect(page.getByRole('option')).toHaveText(['Gerente', 'Curador', 'Revisor']);
});
