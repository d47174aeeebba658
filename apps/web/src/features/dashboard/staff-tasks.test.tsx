/**
 * The platform team's Painel: each count is a link named by its number and what it counts, leading to the screen
 * (filtered where the screen reads a filter from its address); a zero says 'Nada pendente'; a failure says the spec's
 * dashboard message with a retry. The server is a stub of `fetch` answering the shared contract's shape.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffTasks } from '@edu/shared/dashboard';
import { MSG } from '@edu/shared/messages';
import { StaffTasksPanel } from './components/staff-tasks';

const TASKS: StaffTasks = {
  providersInReview: 3,
  unitsAwaitingDelegation: 1,
  rentRequests: 2,
  oldestRentRequest: { sellerId: 42, sellerName: 'Colégio Ipê' },
  overdueCharges: 4,
  suspendedInstitutions: 0,
  openFeedback: 5,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stub(reply: () => Response) {
  const fetch = vi.fn(async (url: string) => (url === '/api/dashboard/staff-tasks' ? reply() : json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, 404)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Routes>
            <Route path="/dashboard" element={<StaffTasksPanel />} />
            <Route path="/dashboard/providers" element={<p>Tela de fornecedores</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the team’s Painel', () => {
  it('shows each count as a named link to its screen, a zero as Nada pendente', async () => {
    stub(() => json(TASKS));
    renderPanel();
    const providers = await screen.findByRole('link', { name: '3 fornecedores aguardando aprovação' });
    expect(providers.getAttribute('href')).toBe('/dashboard/providers?status=review');
    expect(screen.getByRole('link', { name: '1 unidade aguardando delegação' }).getAttribute('href')).toBe('/dashboard/units?tab=new');
    expect(
      screen.getByRole('link', { name: '2 solicitações de aluguel aguardando aceite (Abre a mais antiga: Colégio Ipê)' }).getAttribute('href'),
    ).toBe('/seller/rents-control/42');
    expect(screen.getByRole('link', { name: '4 cobranças vencidas' }).getAttribute('href')).toBe('/dashboard/charges?status=overdue');
    const suspended = screen.getByRole('link', { name: '0 instituições suspensas: nada pendente' });
    expect(suspended.getAttribute('href')).toBe('/seller/control?status=suspended');
    expect(suspended.textContent).toContain('Nada pendente');
    expect(screen.getByRole('link', { name: '5 feedbacks em aberto' }).getAttribute('href')).toBe('/dashboard/feedback-report');

    fireEvent.click(providers);
    expect(await screen.findByText('Tela de fornecedores')).toBeTruthy();
  });

  it('without rent requests the card leads to the institutions', async () => {
    stub(() => json({ ...TASKS, rentRequests: 0, oldestRentRequest: null }));
    renderPanel();
    const rents = await screen.findByRole('link', { name: '0 solicitações de aluguel aguardando aceite: nada pendente' });
    expect(rents.getAttribute('href')).toBe('/seller/control');
  });

  it('a failure says the dashboard message and asks again on Tentar novamente', async () => {
    let fail = true;
    const fetch = stub(() => (fail ? json({ statusCode: 500, code: 'INTERNAL', message: 'x' }, 500) : json(TASKS)));
    renderPanel();
    expect(await screen.findByText(MSG.dashboardLoadFail)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /tentar novamente/i }));
    expect(await screen.findByRole('link', { name: '3 fornecedores aguardando aprovação' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
