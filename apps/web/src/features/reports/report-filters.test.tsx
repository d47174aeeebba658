/**
 * The reports' filter forms share ReportDateFields and one filter form, but not one period rule: the access and
 * published-units reports refuse what their servers refuse (end before start, more than 24 months), the logs report
 * only an end before the start (its server takes any length). Missing dates and, for staff, a missing provider are
 * said on the field; nothing is applied while anything is wrong. The server is a stub of `fetch` (empty lists).
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@edu/shared/messages';
import { UNITS_REPORT_MSG } from '@edu/shared/units-report';
import { AccessReportFilters } from './components/access-report-filters';
import { LogsFilters } from './components/logs-filters';
import { UnitAccessFilters } from './components/unit-access-filters';
import { UnitsReportFilters } from './components/units-report-filters';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/items/constants/levelOfLearning')) return json({ basic: [], university: [] });
      if (url.startsWith('/api/providers/filter')) return json({ data: [], total: 0, page: 1, limit: 50, counts: {} });
      return json([]);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(form: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>{form}</QueryClientProvider>
    </MantineProvider>,
  );
}

const filter = () => fireEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
const LONG = { start_date: '2023-01-01', end_date: '2026-01-01' };
const BACKWARDS = { start_date: '2026-02-28', end_date: '2026-02-01' };

describe('the logs report filters', () => {
  const values = (range: { start_date: string; end_date: string }) => ({ ...range, user_id: null, log_type: null });

  it('apply a period longer than 24 months', () => {
    const onApply = vi.fn();
    renderForm(<LogsFilters initial={values(LONG)} onApply={onApply} loading={false} />);
    filter();
    expect(onApply).toHaveBeenCalledWith(values(LONG));
    expect(screen.queryByText(MSG.dateRangeTooLong)).toBeNull();
  });

  it('refuse an end before the start, and missing dates', () => {
    const onApply = vi.fn();
    renderForm(<LogsFilters initial={values(BACKWARDS)} onApply={onApply} loading={false} />);
    filter();
    expect(screen.getByText(MSG.dateRangeInvalid)).toBeTruthy();
    cleanup();
    renderForm(<LogsFilters initial={values({ start_date: '', end_date: '' })} onApply={onApply} loading={false} />);
    filter();
    expect(screen.getAllByText(MSG.required)).toHaveLength(2);
    expect(onApply).not.toHaveBeenCalled();
  });
});

describe('the access and published-units report filters', () => {
  it('refuse a period longer than 24 months and an end before the start, as their servers do', () => {
    const onApply = vi.fn();
    for (const range of [LONG, BACKWARDS]) {
      const message = range === LONG ? MSG.dateRangeTooLong : MSG.dateRangeInvalid;
      renderForm(<AccessReportFilters initial={{ ...range, seller_id: null }} onApply={onApply} loading={false} withSeller={false} />);
      filter();
      expect(screen.getByText(message)).toBeTruthy();
      cleanup();
      renderForm(<UnitAccessFilters initial={{ ...range, knowledgeid: '0' }} onApply={onApply} loading={false} />);
      filter();
      expect(screen.getByText(message)).toBeTruthy();
      cleanup();
      renderForm(
        <UnitsReportFilters initial={{ ...range, levelOfLearning: null, knowledge: null, providerId: null }} onApply={onApply} loading={false} withProvider={false} />,
      );
      filter();
      expect(screen.getByText(message)).toBeTruthy();
      cleanup();
    }
    expect(onApply).not.toHaveBeenCalled();
  });

  it('ask staff for the provider first, and apply the filters when nothing is wrong', () => {
    const onApply = vi.fn();
    const initial = { start_date: '2026-02-01', end_date: '2026-02-28', levelOfLearning: null, knowledge: null, providerId: null };
    renderForm(<UnitsReportFilters initial={initial} onApply={onApply} loading={false} withProvider />);
    filter();
    expect(screen.getByText(UNITS_REPORT_MSG.providerRequired)).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
    cleanup();
    renderForm(<UnitsReportFilters initial={{ ...initial, providerId: '3' }} onApply={onApply} loading={false} withProvider />);
    filter();
    expect(onApply).toHaveBeenCalledWith({ ...initial, providerId: '3' });
  });
});
