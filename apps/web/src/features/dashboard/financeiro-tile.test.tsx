/**
 * The institution's Financeiro tile on its Painel: a link to /dashboard/financeiro named by what is owed now — the
 * overdue charges first (with the late-payment rule), otherwise the open ones and the next due date and amount,
 * otherwise nothing to pay. The server is a stub of `fetch` answering the shared contract's shape.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChargeRow } from '@edu/shared/charges';
import { formatCents } from '@edu/shared/format';
import { FinanceiroTile } from './components/financeiro-tile';

const charge = (id: number, status: ChargeRow['status'], dueOn: string, amountCents: number) =>
  ({ id, status, dueOn, amountCents, period: '2026-11-01', rents: [], pixCopiaECola: null }) as unknown as ChargeRow;

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function stub(rows: ChargeRow[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const status = new URL(input, 'http://localhost').searchParams.get('status');
      const data = rows.filter((r) => r.status === status);
      return json({ data, total: data.length, page: 1, limit: 10, pix: { configured: true, demo: false, message: null }, suspendAfterDays: 15 });
    }),
  );
}

function renderTile() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <FinanceiroTile />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Financeiro tile', () => {
  it('overdue charges first, with the late-payment rule', async () => {
    stub([charge(1, 'overdue', '2026-10-06', 91_000), charge(2, 'open', '2026-11-06', 91_000)]);
    renderTile();
    const link = await screen.findByRole('link', { name: /^Financeiro: 1 cobrança vencida\. .*mais de 15 dias de atraso suspendem o acesso/ });
    expect(link.getAttribute('href')).toBe('/dashboard/financeiro');
  });

  it('the open ones and the next due date and amount', async () => {
    stub([charge(2, 'open', '2026-12-06', 50_000), charge(3, 'open', '2026-11-06', 91_000)]);
    renderTile();
    expect(await screen.findByRole('link', { name: `Financeiro: 2 cobranças em aberto. Próximo vencimento: 06/11/2026, ${formatCents(91_000)}.` })).toBeTruthy();
  });

  it('nothing owed', async () => {
    stub([]);
    renderTile();
    expect(await screen.findByRole('link', { name: /^Financeiro: Nenhuma cobrança a pagar\./ })).toBeTruthy();
  });
});
