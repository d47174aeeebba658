/**
 * The institution's Financeiro: an unpaid charge shows its Pix copia e cola with 'Copiar código' (the clipboard, or the
 * old way when there is none) and its QR code, which jsQR (an independent reader) decodes back to the same code; the
 * demo's code carries its warning; an overdue charge says the late-payment rule; a paid charge opens its receipt, which
 * names the platform, the institution, the code, the month, each rent, the total, the day paid and the reference. The
 * server is a stub of `fetch` answering the shared contract's shape.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import jsQR from 'jsqr';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@edu/shared/auth';
import { CHARGES_MSG, type ChargeRow, type ChargesPage, type PixState } from '@edu/shared/charges';
import { formatCents, spToday } from '@edu/shared/format';
import { pixCopiaECola } from '@edu/shared/pix';
import { session } from '../../lib/session';
import FinanceiroPage from './pages/financeiro-page';
import ReceiptPage from './pages/financeiro-receipt-page';
import { COPIED, PixCopy } from './seller/pix-copy';
import { qrPath } from './seller/pix-qr';

/** `n` days before São Paulo's today, YYYY-MM-DD. */
function daysAgo(n: number): string {
  const [y, m, d] = spToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
}

const CODE = pixCopiaECola({ key: '529.982.247-25', amountCents: 91_000, merchantName: 'Saber Compartilhado', merchantCity: 'São Paulo', txid: 'SCABCDEFGH123456' });

const base: ChargeRow = {
  id: 1,
  code: 'SCABCDEFGH123456',
  sellerId: 7,
  sellerName: 'Colégio Ipê',
  period: '2026-11-01',
  amountCents: 91_000,
  dueOn: daysAgo(3),
  status: 'overdue',
  paidAt: null,
  paidOn: null,
  paidReference: null,
  canceledAt: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  rents: [{ rentId: 11, providerId: 3, companyName: 'Editora Saber', planName: 'Essencial', amountCents: 91_000 }],
  pixCopiaECola: CODE,
};
const PAID: ChargeRow = {
  ...base,
  id: 2,
  code: 'SCPAID00000000001',
  period: '2026-10-01',
  amountCents: 120_000,
  dueOn: '2026-10-06',
  status: 'paid',
  paidAt: '2026-10-04T15:00:00.000Z',
  paidOn: '2026-10-04',
  paidReference: 'E2E0001OUT',
  rents: [
    { rentId: 11, providerId: 3, companyName: 'Editora Saber', planName: 'Essencial', amountCents: 91_000 },
    { rentId: 12, providerId: 4, companyName: 'Mapas & Cia', planName: 'Essencial', amountCents: 29_000 },
  ],
  pixCopiaECola: null,
};
const DEMO: PixState = { configured: true, demo: true, message: CHARGES_MSG.pixDemo };

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (rows: ChargeRow[], pix: PixState = DEMO): ChargesPage => ({ data: rows, total: rows.length, page: 1, limit: 10, pix, suspendAfterDays: 15 });

/** The stub server: the list by status, one charge by id. */
function stub(rows: ChargeRow[], pix: PixState = DEMO) {
  const fetch = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const one = url.pathname.match(/^\/api\/sellers\/charges\/(\d+)$/);
    if (one) {
      const charge = rows.find((r) => r.id === Number(one[1]));
      return charge ? json({ charge, pix }) : json({ statusCode: 404, code: 'NOT_FOUND', message: 'Não encontrado.' }, 404);
    }
    if (url.pathname === '/api/sellers/charges') {
      const status = url.searchParams.get('status');
      return json(page(rows.filter((r) => !status || r.status === status), pix));
    }
    return json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/dashboard/financeiro" element={<FinanceiroPage />} />
            <Route path="/dashboard/financeiro/recibo/:id" element={<ReceiptPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Reads the drawn QR back: the SVG path's runs painted into an RGBA image, decoded by jsQR. */
function decodeSvg(svg: Element): string | undefined {
  const size = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const scale = 4;
  const w = size * scale;
  const pixels = new Uint8ClampedArray(w * w * 4).fill(255);
  for (const [, x, y, n] of svg.querySelector('path')!.getAttribute('d')!.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let col = Number(x) * scale; col < (Number(x) + Number(n)) * scale; col++) {
      for (let row = Number(y) * scale; row < (Number(y) + 1) * scale; row++) {
        const i = (row * w + col) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
    }
  }
  return jsQR(pixels, w, w)?.data;
}

beforeEach(() => session.start('token', { id: 1, name: 'Ana', email: 'ana@exemplo.com.br', type: 'seller_assistent', seller: { id: 7, status: 'active', grants: [] } } as unknown as SessionUser));
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
});

describe('Financeiro', () => {
  it('an overdue charge: the demo warning, the late-payment rule, the Pix code, its named QR code that decodes to the same code', async () => {
    stub([base, PAID]);
    renderAt('/dashboard/financeiro');
    const card = await screen.findByRole('article', { name: 'Cobrança de novembro de 2026' });
    expect(screen.getByTestId('pix-demo').textContent).toContain(CHARGES_MSG.pixDemo);
    expect(within(card).getByText('VENCIDA')).toBeTruthy();
    expect(card.textContent).toContain('3 dias de atraso');
    expect(card.textContent).toContain('Com mais de 15 dias de atraso, o acesso da instituição à plataforma é suspenso até o pagamento.');
    expect(card.textContent).toContain(`Editora Saber — Essencial: ${formatCents(91_000)}`);
    expect((within(card).getByRole('textbox', { name: 'Pix copia e cola' }) as HTMLInputElement).value).toBe(CODE);
    const qr = await within(card).findByRole('img', { name: 'QR Code Pix da cobrança SCABCDEFGH123456 (novembro de 2026)' });
    expect(decodeSvg(qr)).toBe(CODE);
    // Read-only: nothing at the institution moves a charge.
    expect(screen.queryByRole('button', { name: /Marcar como paga|Cancelar/ })).toBeNull();
  });

  it('lists every charge with its period, amount, dates and status; a paid one links to its receipt', async () => {
    stub([base, PAID]);
    renderAt('/dashboard/financeiro');
    const table = await screen.findByRole('table', { name: 'Cobranças' });
    const paidRow = (await within(table).findByText('outubro de 2026')).closest('tr')!;
    expect(paidRow.textContent).toContain(formatCents(120_000));
    expect(paidRow.textContent).toContain('06/10/2026');
    expect(paidRow.textContent).toContain('PAGA');
    expect(paidRow.textContent).toContain('04/10/2026');
    expect(within(paidRow).getByRole('link', { name: 'Recibo da cobrança de outubro de 2026' }).getAttribute('href')).toBe('/dashboard/financeiro/recibo/2');
  });

  it('nothing to pay and no charge: the empty states', async () => {
    stub([]);
    renderAt('/dashboard/financeiro');
    expect(await screen.findByText('Nenhuma cobrança a pagar.')).toBeTruthy();
    expect(await screen.findByText(CHARGES_MSG.empty)).toBeTruthy();
  });

  it('without Pix configured: no code, the configuration message', async () => {
    const message = CHARGES_MSG.pixNotConfigured;
    stub([{ ...base, status: 'open', dueOn: daysAgo(-5), pixCopiaECola: null }], { configured: false, demo: false, message });
    renderAt('/dashboard/financeiro');
    const card = await screen.findByRole('article', { name: 'Cobrança de novembro de 2026' });
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(card.textContent).toContain(message);
    expect(card.textContent).not.toContain('atraso');
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(1);
  });

  it('a failure says so and asks again on Tentar novamente', async () => {
    let fail = true;
    vi.stubGlobal('fetch', vi.fn(async () => (fail ? json({ statusCode: 500, code: 'INTERNAL', message: 'x' }, 500) : json(page([])))));
    renderAt('/dashboard/financeiro');
    // Both sections say so, each with its own retry.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Tentar novamente' })).toHaveLength(2));
    expect(screen.getAllByText('Não foi possível carregar as cobranças')).toHaveLength(2);
    fail = false;
    for (const retry of screen.getAllByRole('button', { name: 'Tentar novamente' })) fireEvent.click(retry);
    expect(await screen.findByText('Nenhuma cobrança a pagar.')).toBeTruthy();
    expect(await screen.findByText(CHARGES_MSG.empty)).toBeTruthy();
  });
});

describe('Copiar código', () => {
  it('copies with the clipboard and says Código copiado!', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<MantineProvider><PixCopy code={CODE} /></MantineProvider>);
    fireEvent.click(screen.getByRole('button', { name: 'Copiar código' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(COPIED));
    expect(writeText).toHaveBeenCalledWith(CODE);
  });

  it('without the clipboard API: selects the field and copies the old way', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    render(<MantineProvider><PixCopy code={CODE} /></MantineProvider>);
    fireEvent.click(screen.getByRole('button', { name: 'Copiar código' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(COPIED));
    expect(execCommand).toHaveBeenCalledWith('copy');
    const field = screen.getByRole('textbox', { name: 'Pix copia e cola' }) as HTMLInputElement;
    expect(field.selectionEnd! - field.selectionStart!).toBe(CODE.length);
  });
});

describe('the QR code', () => {
  it('draws a code with the 4-module quiet zone, readable by jsQR', async () => {
    const { size, d } = await qrPath(CODE);
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
    const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    path.setAttribute('d', d);
    svg.append(path);
    expect(decodeSvg(svg)).toBe(CODE);
    expect(d.startsWith('M4 4h7')).toBe(true);
  });
});

describe('the receipt', () => {
  it('names the platform, the institution, the code, the month, each rent with provider and plan, the total, the day paid and the reference', async () => {
    stub([base, PAID]);
    renderAt('/dashboard/financeiro/recibo/2');
    const sheet = await screen.findByRole('article', { name: 'Recibo de pagamento' });
    const text = sheet.textContent!;
    for (const part of ['Saber Compartilhado', 'Colégio Ipê', 'SCPAID00000000001', 'outubro de 2026', 'Pago em04/10/2026', 'E2E0001OUT', formatCents(120_000)]) {
      expect(text, part).toContain(part);
    }
    const rents = within(sheet).getByRole('table', { name: 'Aluguéis cobrados' });
    const rows = within(rents).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual([
      'FornecedorPlanoValor',
      `Editora SaberEssencial${formatCents(91_000)}`,
      `Mapas & CiaEssencial${formatCents(29_000)}`,
      `Total${formatCents(120_000)}`,
    ]);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalled();
  });

  it('an unpaid charge has no receipt yet; another institution\'s charge is not found', async () => {
    stub([base]);
    renderAt('/dashboard/financeiro/recibo/1');
    expect(await screen.findByText(/O recibo fica disponível quando o pagamento/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).toBeNull();
    cleanup();
    renderAt('/dashboard/financeiro/recibo/99');
    expect(await screen.findByText('Acesso negado')).toBeTruthy();
  });
});
