/**
 * 'Importar extrato': choosing a file previews it (each credit with its charge and result), 'Confirmar importação'
 * sends the same file to the import and closes with the server's message; a file the server refuses shows its pt-BR
 * message under the field and nothing can be confirmed. The server is a stub of `fetch` answering the contract's shape.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STATEMENT_MSG, type StatementImportReply, type StatementPreview } from '@edu/shared/charge-payments';
import { ImportStatementModal } from './import-statement-modal';

const PREVIEW: StatementPreview = {
  format: 'csv',
  debits: 1,
  payable: 1,
  lines: [
    {
      line: 2,
      date: '2024-01-10',
      amountCents: 45_000,
      description: 'PIX RECEBIDO SCABCDEFGHIJKLMN',
      reference: 'E2E-1',
      result: 'pay',
      charge: { id: 7, code: 'SCABCDEFGHIJKLMN', sellerId: 3, sellerName: 'Colégio Ipê', period: '2024-01-01', amountCents: 45_000 },
    },
    { line: 3, date: '2024-01-11', amountCents: 1_000, description: 'PIX sem código', reference: 'E2E-2', result: 'no_match', charge: null },
  ],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderModal(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ImportStatementModal opened onClose={onClose} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onClose;
}

const choose = (name: string) => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['Data;Valor\n10/01/2024;450,00'], name, { type: 'text/csv' })] } });
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Importar extrato', () => {
  it('previews the chosen file, then imports the same file and closes with the server’s message', async () => {
    const reply: StatementImportReply = { ...PREVIEW, paid: 1, message: STATEMENT_MSG.imported(1) };
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      expect(init.body).toBeInstanceOf(FormData);
      expect((init.body as FormData).get('file')).toBeInstanceOf(File);
      return url === '/api/charges/statement/preview' ? json(PREVIEW) : json(reply);
    });
    vi.stubGlobal('fetch', fetch);
    const onClose = renderModal();
    const confirm = screen.getByRole('button', { name: 'Confirmar importação' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    choose('extrato.csv');
    expect(await screen.findByText('2 créditos no extrato; 1 cobrança será paga. 1 débito ignorado.')).toBeTruthy();
    expect(screen.getByText('Será paga')).toBeTruthy();
    expect(screen.getByText('Sem correspondência')).toBeTruthy();
    expect(screen.getByText(/Colégio Ipê · janeiro de 2024/)).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Confirmar importação' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar importação' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/charges/statement/preview', '/api/charges/statement/import']);
  });

  it('a file the server refuses: its message under the field, nothing to confirm', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ statusCode: 400, code: 'BAD_REQUEST', message: STATEMENT_MSG.notStatement }, 400)));
    renderModal();
    choose('foto.png');
    expect(await screen.findByText(STATEMENT_MSG.notStatement)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirmar importação' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
