/**
 * 'Adicionar à disciplina' (spec 3 §2.13, §5): nothing chosen gives 'Campo Obrigatório'; typing a new name offers
 * 'Criar nova: …' only after the 1 s pause (never for a name that exists, accents and case ignored); choosing it
 * creates the subject, which then receives the unit. The server is a stub of `fetch` answering the contract's shapes.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@edu/shared/auth';
import { MSG } from '@edu/shared/messages';
import { SUBJECT_MSG, type SubjectCard } from '@edu/shared/subjects';
import { session } from '../../lib/session';
import { AddToSubjectModal } from './index';

const card = (id: number, name: string): SubjectCard => ({ id, name, itemsCount: 0, categoryId: null, category: null, importedFromId: null, createdAt: '2026-01-01T00:00:00.000Z' });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let subjects: SubjectCard[];
let posts: { url: string; body: unknown }[];
function stubServer() {
  subjects = [card(1, 'Matemática Básica')];
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/sellers/subjects/seller/7') return json(subjects);
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name?: string };
        posts.push({ url, body });
        if (url === '/api/sellers/subjects') {
          subjects = [card(12, body.name!), ...subjects];
          return json({ message: SUBJECT_MSG.created, subject_id: 12 });
        }
        if (url === '/api/sellers/subjects/item') return json({ message: SUBJECT_MSG.unitAdded, subjectItemId: 5 });
      }
      return json({ statusCode: 404, code: 'NOT_FOUND', message: 'não encontrado' }, 404);
    }),
  );
}

function renderModal(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <AddToSubjectModal itemId={40} itemContentId={41} title="Funções do 1º grau" opened onClose={onClose} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onClose;
}

const input = () => screen.getByPlaceholderText(/^Escolha ou digite/);
/** Moves the fake clock (the test of the 1 s pause runs on fake timers, so the pause costs no real time). */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  session.start('token', { id: 1, name: 'Ana', email: 'ana@exemplo.com.br', type: 'seller', seller: { id: 7, status: 'active', grants: [] }, provider: null } as unknown as SessionUser);
  stubServer();
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  notifications.clean();
  session.clear();
  vi.unstubAllGlobals();
});

describe("'Adicionar à disciplina'", () => {
  it("refuses to add with no subject chosen ('Campo Obrigatório') and sends nothing", async () => {
    renderModal();
    await screen.findByText('Funções do 1º grau');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText(MSG.required)).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it("offers 'Criar nova' only after a 1 s pause and never for an existing name; creating then adding sends both calls", async () => {
    // The clock also moves with real time, so waitFor and the stubbed server's replies keep working.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onClose = renderModal();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/sellers/subjects/seller/7', expect.anything()));
    // Mantine ignores a change to an input that has no focus (autofill): type into the focused input.
    act(() => input().focus());
    fireEvent.change(input(), { target: { value: 'MATEMATICA basica' } });
    await wait(1300);
    expect(screen.queryByText(/^Criar nova/)).toBeNull();

    fireEvent.change(input(), { target: { value: 'Álgebra Linear' } });
    await wait(300);
    expect(screen.queryByText(SUBJECT_MSG.createOption('Álgebra Linear'))).toBeNull();
    await wait(1000);
    const option = await screen.findByText(SUBJECT_MSG.createOption('Álgebra Linear'));
    fireEvent.click(option);
    await waitFor(() => expect(posts).toContainEqual({ url: '/api/sellers/subjects', body: { name: 'Álgebra Linear', sellerId: 7 } }));
    await waitFor(() => expect((input() as HTMLInputElement).value).toBe('Álgebra Linear'));

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(posts).toContainEqual({ url: '/api/sellers/subjects/item', body: { subjectId: 12, itemId: 40, itemContentId: 41 } }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
