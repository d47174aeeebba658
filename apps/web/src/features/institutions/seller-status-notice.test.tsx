/**
 * The shell's notice of the institution's status: a suspension for non-payment says 'inadimplência' and links to
 * 'Financeiro'; a suspension by hand keeps its own words (no link); an active institution with overdue charges sees
 * the late-payment notice with the same link; an active one without overdue charges sees nothing.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@edu/shared/auth';
import { INSTITUTION_MSG } from '@edu/shared/institutions';
import { session } from '../../lib/session';
import { SellerStatusNotice } from './components/seller-status-notice';

function show(seller: NonNullable<SessionUser['seller']>) {
  session.start('token', { id: 1, name: 'Ana', email: 'ana@exemplo.com.br', type: 'seller', seller, provider: null } as unknown as SessionUser);
  return render(
    <MantineProvider>
      <MemoryRouter>
        <SellerStatusNotice />
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  session.clear();
});

describe('the institution status notice', () => {
  it('suspended for non-payment: inadimplência and a link to Financeiro', () => {
    show({ id: 7, status: 'suspended', grants: [], suspensionReason: 'non_payment', overdueCharges: 1 });
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain(INSTITUTION_MSG.nonPaymentNoticeTitle);
    expect(notice.textContent).toContain('inadimplência');
    expect(screen.getByRole('link', { name: 'Ver Financeiro' }).getAttribute('href')).toBe('/dashboard/financeiro');
  });

  it('suspended by hand: the usual words, no link', () => {
    show({ id: 7, status: 'suspended', grants: [], suspensionReason: null, overdueCharges: 0 });
    expect(screen.getByRole('alert').textContent).toContain(INSTITUTION_MSG.suspendedNotice);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('active with overdue charges: the late-payment notice with the link; without them: nothing', () => {
    show({ id: 7, status: 'active', grants: [], suspensionReason: null, overdueCharges: 2 });
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain(INSTITUTION_MSG.overdueNoticeTitle);
    expect(notice.textContent).toContain(INSTITUTION_MSG.overdueNotice(2));
    expect(screen.getByRole('link', { name: 'Ver Financeiro' }).getAttribute('href')).toBe('/dashboard/financeiro');
    cleanup();
    show({ id: 7, status: 'active', grants: [], suspensionReason: null, overdueCharges: 0 });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
