/**
 * The course detail (spec 3 §2.16, §5): 'Nova Disciplina' offers the owner's subjects not yet in the course, its save
 * is disabled while nothing is chosen, and it sends one call per chosen subject; the assistant sees the list with
 * 'Ver Disciplina' and no control. The server is a stub of `fetch` answering the shared contract's shapes.
 */
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@edu/shared/auth';
import { COURSE_MSG, type CourseDetail } from '@edu/shared/courses';
import { session } from '../../lib/session';
import CoursePage from './pages/course-page';

const COURSE: CourseDetail = {
  id: 5,
  name: 'Medicina',
  itemsCount: 1,
  importedFromId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  courseItems: [{ id: 50, subjectId: 500, name: 'Anatomia', unitsCount: 2, position: 0 }],
};
const CANDIDATES = [
  { id: 501, name: 'Bioquímica', unitsCount: 1 },
  { id: 502, name: 'Cálculo', unitsCount: 0 },
];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let added: unknown[] = [];
function stubServer() {
  added = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/sellers/courses/5') return json(COURSE);
      if (url === '/api/sellers/courses/5/candidates') return json(CANDIDATES);
      if (url === '/api/sellers/course-items/' && init?.method === 'POST') {
        added.push(JSON.parse(String(init.body)));
        return json({ message: COURSE_MSG.subjectsAdded, course: COURSE });
      }
      return json({ statusCode: 404, code: 'NOT_FOUND', message: 'não encontrado' }, 404);
    }),
  );
}

function renderCourse(type: 'seller' | 'seller_assistent') {
  session.start('token', { id: 1, name: 'Ana', email: 'ana@exemplo.com.br', type, seller: { id: 7, status: 'active', grants: [] } } as unknown as SessionUser);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <ModalsProvider>
        <Notifications />
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/seller/course/5']}>
            <Routes>
              <Route path="/seller/course/:id" element={<CoursePage />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  notifications.clean();
  session.clear();
  vi.unstubAllGlobals();
});

describe('the course detail', () => {
  it("'Nova Disciplina': save disabled until a subject is chosen, then one call per subject", async () => {
    stubServer();
    renderCourse('seller');
    await screen.findByText('Anatomia');
    expect(screen.getByRole('link', { name: 'Ver Disciplina' }).getAttribute('href')).toBe('/seller/subject/500');
    expect(screen.getByRole('button', { name: 'Arrastar para reordenar Anatomia' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nova Disciplina' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('checkbox', { name: /Bioquímica/ });
    const save = within(dialog).getByRole('button', { name: 'Salvar' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Bioquímica/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Cálculo/ }));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByText(COURSE_MSG.subjectsAdded)).toBeTruthy());
    expect(added).toEqual([
      { courseId: 5, subjectId: 501 },
      { courseId: 5, subjectId: 502 },
    ]);
  });

  it('the assistant reads the list without any control', async () => {
    stubServer();
    renderCourse('seller_assistent');
    await screen.findByText('Anatomia');
    expect(screen.getByRole('link', { name: 'Ver Disciplina' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nova Disciplina' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Arrastar para reordenar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remover/ })).toBeNull();
  });
});
