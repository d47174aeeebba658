/**
 * Courses (spec 3 §2.16): the demo institution builds a course from two of its subjects in the UI
 * ('Novo Curso', 'Nova Disciplina' with the save disabled until a subject is chosen), reorders them by drag and by
 * keyboard (each order saved at once: it survives a reload; a move made on a list another user has since changed is
 * refused with 409 and the list shows the course as it now is), and its assistant sees the course without any control.
 *
 * The subjects are created through the subjects contract (POST /sellers/subjects {name, sellerId} → {subject_id} and
 * POST /providers/subjects {name}, packages/shared/src/subjects.ts of the subjects work): these journeys need those
 * routes merged beside the courses. The second journey imports a provider's course through the job ('Importar Curso').
 */
import { test, expect, type Page } from '@playwright/test';
import { COURSE_MSG } from '../packages/shared/src/courses';
import { demoEmail, demoToken, expectNotification, ownClientAddress, signIn } from './helpers';

test.use(ownClientAddress());

let runs = 0;
/** Unique per test run (a repeated test in the same worker gets new names). */
const unique = () => `${Date.now().toString(36)}${process.pid}${runs++}`;
/** The answer of the reorder the UI sends (the order is shown before it; a reload must not race it). */
const reorderSaved = (page: Page) => page.waitForResponse((r) => /\/api\/sellers\/courses\/reorder\/\d+$/.test(r.url()) && r.request().method() === 'PATCH');

async function subjectNames(page: Page) {
  return page.getByTestId('course-subject-name').allTextContents();
}

test('the institution builds a course from two subjects, reorders them by drag and by keyboard; the assistant only reads', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const stamp = unique();
  const token = await demoToken(request, 'seller');
  const me = (await (await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).json()) as { seller: { id: number } };
  const first = `Anatomia ${stamp}`;
  const second = `Bioquímica ${stamp}`;
  for (const name of [first, second]) {
    const res = await request.post('/api/sellers/subjects', { headers: { authorization: `Bearer ${token}` }, data: { name, sellerId: me.seller.id } });
    expect(res.status(), await res.text()).toBe(200);
    expect(((await res.json()) as { subject_id: number }).subject_id).toBeGreaterThan(0);
  }
  const courseName = `Medicina ${stamp}`;

  await signIn(page, demoEmail('seller'));
  await page.getByRole('navigation').getByRole('link', { name: 'Cursos' }).click();
  await expect(page).toHaveURL(/\/seller\/courses$/);
  await expect(page.getByRole('heading', { name: 'Cursos', level: 1 })).toBeVisible();

  // Novo Curso: the name is required.
  await page.getByRole('button', { name: 'Novo Curso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Curso' });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Campo Obrigatório')).toBeVisible();
  await dialog.getByLabel('Nome').fill(courseName);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, COURSE_MSG.created);
  const card = page.getByTestId('course-card').filter({ hasText: courseName });
  await expect(card).toContainText('0 disciplinas');
  await card.getByRole('link', { name: 'Ver curso' }).click();
  await expect(page).toHaveURL(/\/seller\/course\/\d+$/);
  const courseUrl = page.url();
  await expect(page.getByRole('link', { name: 'Cursos' }).last()).toHaveAttribute('href', '/seller/courses');
  await expect(page.getByText(COURSE_MSG.emptyCourse)).toBeVisible();

  // Nova Disciplina: nothing chosen, nothing to save; then both subjects, one call each.
  await page.getByRole('button', { name: 'Nova Disciplina' }).click();
  const add = page.getByRole('dialog', { name: 'Nova Disciplina' });
  await expect(add.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  await add.getByRole('checkbox', { name: new RegExp(first) }).check();
  await add.getByRole('checkbox', { name: new RegExp(second) }).check();
  await add.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, COURSE_MSG.subjectsAdded);
  // The modal's overlay fades out: a drag must not start on it.
  await expect(add).toBeHidden();
  await expect.poll(() => subjectNames(page)).toEqual([first, second]);
  await expect(page.getByRole('link', { name: 'Ver Disciplina' }).first()).toHaveAttribute('href', /\/seller\/subject\/\d+$/);

  // Drag: the second subject's handle above the first one.
  const handleOf = (name: string) => page.getByRole('button', { name: `Arrastar para reordenar ${name}` });
  const from = (await handleOf(second).boundingBox())!;
  const to = (await handleOf(first).boundingBox())!;
  let saved = reorderSaved(page);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 10, { steps: 15 });
  await page.mouse.up();
  await expect.poll(() => subjectNames(page)).toEqual([second, first]);
  expect((await saved).status()).toBe(200);
  // Said, as a unit's move in a subject is.
  await expectNotification(page, COURSE_MSG.reordered);
  await page.reload();
  await expect.poll(() => subjectNames(page)).toEqual([second, first]);

  // Keyboard: pick up the first with Space, move it down, drop it.
  saved = reorderSaved(page);
  await handleOf(second).focus();
  await page.keyboard.press('Space');
  // dnd-kit moves with the arrows once it has measured the list after the pick-up (an arrow before that is ignored,
  // as a person would see: press again); the pt-BR announcement says where the subject is.
  await expect(handleOf(second)).toHaveAttribute('aria-pressed', 'true');
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(page.getByText(`${second} movida para a posição 2 de 2.`)).toBeAttached({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Space');
  await expect.poll(() => subjectNames(page)).toEqual([first, second]);
  expect((await saved).status()).toBe(200);
  await page.goto(courseUrl);
  await expect.poll(() => subjectNames(page)).toEqual([first, second]);

  // A refused save: while this page shows two subjects, another user of the institution adds a third to the course
  // (through the API, as their own screen would). The move sends an order of two: the server refuses it (409), the
  // error toast says why, and the list shows the course as it now is.
  const third = `Citologia ${stamp}`;
  const auth = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/sellers/subjects', { headers: auth, data: { name: third, sellerId: me.seller.id } });
  expect(created.status(), await created.text()).toBe(200);
  const courseId = Number(new URL(courseUrl).pathname.split('/').pop());
  const added = await request.post('/api/sellers/course-items/', { headers: auth, data: { subjectId: ((await created.json()) as { subject_id: number }).subject_id, courseId } });
  expect(added.status(), await added.text()).toBe(200);
  await expect.poll(() => subjectNames(page)).toEqual([first, second]);
  saved = reorderSaved(page);
  await handleOf(first).focus();
  await page.keyboard.press('Space');
  await expect(handleOf(first)).toHaveAttribute('aria-pressed', 'true');
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(page.getByText(`${first} movida para a posição 2 de 2.`)).toBeAttached({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Space');
  expect((await saved).status()).toBe(409);
  await expectNotification(page, COURSE_MSG.staleOrder);
  await expect.poll(() => subjectNames(page)).toEqual([first, second, third]);

  // The assistant reads the same course, without any control.
  const context = await browser.newContext();
  const assistant = await context.newPage();
  await signIn(assistant, demoEmail('seller.assistente'));
  await expect(assistant).toHaveURL(/\/dashboard/);
  await assistant.goto('/seller/courses');
  const seen = assistant.getByTestId('course-card').filter({ hasText: courseName });
  await expect(seen).toContainText('3 disciplinas');
  await expect(assistant.getByRole('button', { name: 'Novo Curso' })).toHaveCount(0);
  await expect(assistant.getByRole('button', { name: 'Importar Curso' })).toHaveCount(0);
  await expect(seen.getByRole('button', { name: /Editar|Remover/ })).toHaveCount(0);
  await seen.getByRole('link', { name: 'Ver curso' }).click();
  await expect.poll(() => subjectNames(assistant)).toEqual([first, second, third]);
  await expect(assistant.getByRole('button', { name: /Arrastar para reordenar/ })).toHaveCount(0);
  await expect(assistant.getByRole('button', { name: /Remover/ })).toHaveCount(0);
  await expect(assistant.getByRole('button', { name: 'Nova Disciplina' })).toHaveCount(0);
  await expect(assistant.getByRole('link', { name: 'Ver Disciplina' })).toHaveCount(3);
  await context.close();
});

test("Importar Curso: a course of an actively rented provider is copied by the job; a second import asks and names the copy", async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = unique();
  const provider = await demoToken(request, 'provider');
  const auth = { authorization: `Bearer ${provider}` };
  const courseName = `Trilha importável ${stamp}`;
  const created = await request.post('/api/providers/courses', { headers: auth, data: { name: courseName } });
  expect(created.status(), await created.text()).toBe(200);
  const courseId = ((await created.json()) as { course: { id: number } }).course.id;
  for (const name of [`Módulo 1 ${stamp}`, `Módulo 2 ${stamp}`]) {
    const subject = await request.post('/api/providers/subjects', { headers: auth, data: { name } });
    expect(subject.status(), await subject.text()).toBe(200);
    const subjectId = ((await subject.json()) as { subject_id: number }).subject_id;
    const added = await request.post('/api/providers/course-items/', { headers: auth, data: { courseId, subjectId } });
    expect(added.status(), await added.text()).toBe(200);
  }

  await signIn(page, demoEmail('seller'));
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/seller/courses');
  await page.getByRole('button', { name: 'Importar Curso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar Curso' });
  // Import course needs a chosen course.
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(dialog.getByText('Campo Obrigatório')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Fornecedor' }).click();
  await page.getByRole('option', { name: 'Editora Horizonte Educacional' }).click();
  await dialog.getByRole('combobox', { name: 'Curso' }).click();
  await page.getByRole('option', { name: new RegExp(courseName) }).click();
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expectNotification(page, COURSE_MSG.importQueued);
  await expectNotification(page, COURSE_MSG.imported);
  const card = page.getByTestId('course-card').filter({ hasText: courseName });
  await expect(card.first()).toContainText('2 disciplinas');
  await expect(page.getByRole('button', { name: 'Importar Curso' })).toBeEnabled();

  // Again: the server asks; the answer 'Importar cópia' makes '<name> (cópia)'.
  await page.getByRole('button', { name: 'Importar Curso' }).click();
  await dialog.getByRole('combobox', { name: 'Fornecedor' }).click();
  await page.getByRole('option', { name: 'Editora Horizonte Educacional' }).click();
  await dialog.getByRole('combobox', { name: 'Curso' }).click();
  await page.getByRole('option', { name: new RegExp(`${courseName}.*já importado`) }).click();
  await dialog.getByRole('button', { name: 'Importar' }).click();
  const ask = page.getByRole('dialog', { name: 'Curso já importado' });
  await expect(ask).toContainText(COURSE_MSG.alreadyImported);
  await ask.getByRole('button', { name: 'Importar cópia' }).click();
  await expect(page.getByTestId('course-card').filter({ hasText: `${courseName} (cópia)` })).toContainText('2 disciplinas');
  await page.getByTestId('course-card').filter({ hasText: `${courseName} (cópia)` }).getByRole('link', { name: 'Ver curso' }).click();
  await expect.poll(() => subjectNames(page)).toEqual([`Módulo 1 ${stamp} (cópia)`, `Módulo 2 ${stamp} (cópia)`]);
});
