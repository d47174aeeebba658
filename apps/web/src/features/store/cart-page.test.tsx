/**
 * The cart page with an item the institution already rents: the server answers it
 * `rented: true` (unavailable, out of the TOTAL) and 'Solicitar Pagamento' leaves it out (`skipped`). The page
 * says so on the item, lets the request go (the server skips it), and afterwards names the skipped items.
 * The server is a stub of `fetch` answering the shared contract's shapes.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@edu/shared/auth';
import { STORE_MSG, type CartItem, type CartResponse } from '@edu/shared/store';
import { session } from '../../lib/session';
import CartPage from './pages/cart-page';

const RENTED = 'Editora Horizonte Educacional';
const OTHER = 'Ateliê Didático Ávila';

const providerItem = (id: number, companyName: string, patch: Partial<CartItem>): CartItem => ({
  id,
  kind: 'provider',
  providerId: 100 + id,
  companyName,
  imgLogoUrl: null,
  condition: 'premium',
  unitCount: 3,
  priceCents: 120_000,
  serviceId: null,
  title: null,
  description: null,
  available: true,
  rented: false,
  ...patch,
});

const CART: CartResponse = {
  items: [providerItem(1, RENTED, { available: false, rented: true, priceCents: null }), providerItem(2, OTHER, {})],
  totalCents: 120_000,
  planName: 'Plano Ampliado',
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: unknown[] = [];
function stubServer(paymentReply: unknown) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/sellers/cart') return json(CART);
      if (url === '/api/sellers/payment-methods') return json([{ id: 1, description: 'Pix' }]);
      if (url === '/api/sellers/rents' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return json(paymentReply);
      }
      return json({ statusCode: 404, code: 'NOT_FOUND', message: 'não encontrado' }, 404);
    }),
  );
}

function renderCart() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/seller/cart']}>
          <Routes>
            <Route path="/seller/cart" element={<CartPage />} />
            <Route path="/seller/rents" element={<p>Meus alugueis</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  session.start('token', { id: 1, name: 'Ana', email: 'ana@exemplo.com.br', type: 'seller', seller: { id: 7, status: 'active' } } as unknown as SessionUser);
});
afterEach(() => {
  cleanup();
  notifications.clean();
  session.clear();
  vi.unstubAllGlobals();
});

describe('the cart with an item the institution already rents', () => {
  it('says so on the item (not the generic "not available"), and still lets the payment request go', async () => {
    stubServer({});
    renderCart();
    const rented = await screen.findByRole('article', { name: RENTED });
    expect(within(rented).getByText(STORE_MSG.rentedItem)).toBeTruthy();
    expect(within(rented).queryByText(STORE_MSG.unavailableItem)).toBeNull();
    const other = screen.getByRole('article', { name: OTHER });
    expect(within(other).queryByText(STORE_MSG.rentedItem)).toBeNull();
    const button = screen.getByRole('button', { name: STORE_MSG.requestPayment }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
  });

  it('after Solicitar Pagamento names the items left out, in a warning of its own', async () => {
    stubServer({
      message: `${STORE_MSG.requested} ${STORE_MSG.alreadyRented([RENTED])}`,
      paymentRequestId: 5,
      rentIds: [9],
      serviceRequestIds: [],
      skipped: [RENTED],
    });
    renderCart();
    await screen.findByRole('article', { name: RENTED });
    fireEvent.click(await screen.findByRole('radio', { name: 'Pix' }));
    fireEvent.click(screen.getByRole('button', { name: STORE_MSG.requestPayment }));
    await screen.findByText('Meus alugueis');
    expect(sent).toEqual([{ sellerId: 7, paymentMethod: 1, providerIds: [101, 102], serviceIds: [] }]);
    await waitFor(() => expect(screen.getByText(STORE_MSG.alreadyRented([RENTED]))).toBeTruthy());
    expect(screen.getByText(STORE_MSG.skippedTitle)).toBeTruthy();
    expect(screen.getByText(STORE_MSG.requested)).toBeTruthy();
  });

  it('an item that is no longer rentable (not rented) still blocks the request', async () => {
    CART.items[0] = providerItem(1, RENTED, { available: false, rented: false, priceCents: null });
    try {
      stubServer({});
      renderCart();
      const item = await screen.findByRole('article', { name: RENTED });
      expect(within(item).getByText(STORE_MSG.unavailableItem)).toBeTruthy();
      expect((screen.getByRole('button', { name: STORE_MSG.requestPayment }) as HTMLButtonElement).disabled).toBe(true);
    } finally {
      CART.items[0] = providerItem(1, RENTED, { available: false, rented: true, priceCents: null });
    }
  });
});
