/**
 * /dashboard/financial-report, 'Relatório Financeiro' (admin, director): per month of a range (up to 24), what the
 * platform billed, received, has overdue and has open, with a row per institution or per provider under each month,
 * the period's totals, and 'Exportar CSV' (one line per month, institution and provider). The figures are the
 * server's (@edu/shared/financial-report): charges by the month they cover, canceled ones left out.
 */
import { Card, Paper, Select, SimpleGrid, Skeleton, Table, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { IconCalendar } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import 'dayjs/locale/pt-br';
import '@mantine/dates/styles.css';
import { formatCents, formatCount, spToday } from '@edu/shared/format';
import {
  FINANCIAL_REPORT_MSG as M,
  FINANCIAL_REPORT_TYPES,
  monthRangeIssue,
  type FinancialBreakdown,
  type FinancialReport,
  type FinancialReportCsvQuery,
  type FinancialSums,
} from '@edu/shared/financial-report';
import { MSG } from '@edu/shared/messages';
import type { ProvidersPage } from '@edu/shared/providers';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { useOverflowsX } from '../../../ui/data-table';
import { ReportFrame, ReportLoadError, ReportToolbar, useAppliedFilters } from '../components/report-frame';
import { ReportFilterForm } from '../components/report-filter-form';
import { namedChoices, SearchSelect, type Choice } from '../components/search-select';
import { accessReportSellersQuery } from '../access-reports-api';
import { reportProvidersQuery } from '../units-report-api';
import { downloadFinancialReport, financialReportQuery } from '../financial-report-api';

interface Filters {
  /** 'YYYY-MM'. */
  from: string;
  to: string;
  sellerId: string | null;
  providerId: string | null;
  by: FinancialBreakdown;
}

/** `month` ('YYYY-MM') moved by `delta` months. */
function shiftMonth(month: string, delta: number): string {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/** The last six months, the current one included (São Paulo), every institution and provider, per institution. */
const defaultFilters = (): Filters => {
  const now = spToday().slice(0, 7);
  return { from: shiftMonth(now, -5), to: now, sellerId: null, providerId: null, by: 'institution' };
};

const toCsvQuery = (f: Filters): FinancialReportCsvQuery => ({
  from: f.from,
  to: f.to,
  sellerId: f.sellerId ? Number(f.sellerId) : undefined,
  providerId: f.providerId ? Number(f.providerId) : undefined,
});

const sellersQuery = (name: string) => ({ ...accessReportSellersQuery(name), select: namedChoices });
/** Content providers (not service providers) as choices. */
const providerChoices = (page: ProvidersPage): Choice[] =>
  page.data.filter((p) => !p.isServiceProvider).map((p) => ({ value: String(p.id), label: p.companyName }));
const providersQuery = (name: string) => ({ ...reportProvidersQuery(name), select: providerChoices });

const CALENDAR_LABELS = {
  previousYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  previousDecade: 'Década anterior',
  nextDecade: 'Próxima década',
  yearLevelControl: 'Escolher o ano',
  decadeLevelControl: 'Escolher a década',
};

const SUMS: { key: keyof FinancialSums; label: string }[] = [
  { key: 'billedCents', label: M.billed },
  { key: 'paidCents', label: M.paid },
  { key: 'overdueCents', label: M.overdue },
  { key: 'openCents', label: M.open },
];

export default function FinancialReportPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, FINANCIAL_REPORT_TYPES)) return <AccessDenied title={M.title} />;
  return <FinancialReportView userName={user.name} />;
}

function FinancialReportView({ userName }: { userName: string }) {
  const { filters, apply } = useAppliedFilters<Filters>(defaultFilters);
  const report = useQuery(financialReportQuery({ ...toCsvQuery(filters), by: filters.by }));
  const data = report.data;

  return (
    <ReportFrame title={M.title} userName={userName} filters={<FinancialFilters initial={filters} loading={report.isFetching} onApply={apply} />}>
      {report.isError ? (
        <Card withBorder padding="lg">
          <ReportLoadError report={report} />
        </Card>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" aria-label={M.total} component="section">
            {SUMS.map((s) => (
              <Paper key={s.key} withBorder p="md" radius="md">
                <Text size="sm" c="dimmed">
                  {s.label} ({M.total.toLowerCase()})
                </Text>
                {data ? (
                  <Text fw={700} size="lg" data-testid={`financial-total-${s.key}`}>
                    {formatCents(data.totals[s.key])}
                  </Text>
                ) : (
                  <Skeleton h={28} mt={4} />
                )}
              </Paper>
            ))}
          </SimpleGrid>
          <Card withBorder padding="lg">
            <ReportToolbar
              count={data ? formatCount(data.months.length, 'mês', 'meses') : ''}
              exportLabel={M.export}
              download={() => downloadFinancialReport(toCsvQuery(filters))}
              canExport={!!data && data.totals.billedCents > 0}
            />
            <Text size="xs" c="dimmed" mb="sm">
              {M.note}
            </Text>
            {data ? <FinancialTable report={data} /> : <Skeleton h={240} />}
          </Card>
        </>
      )}
    </ReportFrame>
  );
}

function FinancialFilters({ initial, loading, onApply }: { initial: Filters; loading: boolean; onApply: (f: Filters) => void }) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to', string>>>({});
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key === 'from' || key === 'to') setErrors({});
  };
  const submit = () => {
    const next: Partial<Record<'from' | 'to', string>> = {};
    if (!values.from) next.from = MSG.required;
    if (!values.to) next.to = MSG.required;
    const range = values.from && values.to ? monthRangeIssue(values.from, values.to) : null;
    if (range) next.to = range;
    setErrors(next);
    if (Object.keys(next).length === 0) onApply(values);
  };
  const month = (key: 'from' | 'to', label: string) => (
    <MonthPickerInput
      label={label}
      required
      valueFormat="MM/YYYY"
      ariaLabels={CALENDAR_LABELS}
      leftSection={<IconCalendar size={16} aria-hidden />}
      value={values[key] ? `${values[key]}-01` : null}
      onChange={(v) => set(key, v ? v.slice(0, 7) : '')}
      error={errors[key]}
    />
  );

  return (
    <ReportFilterForm onSubmit={submit} loading={loading} cols={{ base: 1, sm: 2, lg: 5 }}>
      {month('from', M.startMonth)}
      {month('to', M.endMonth)}
      <SearchSelect
        label={M.seller}
        placeholder={M.allSellers}
        clearable
        query={sellersQuery}
        value={values.sellerId}
        onChange={(v) => set('sellerId', v)}
        nothingFound="Nenhuma instituição encontrada"
      />
      <SearchSelect
        label={M.provider}
        placeholder={M.allProviders}
        clearable
        query={providersQuery}
        value={values.providerId}
        onChange={(v) => set('providerId', v)}
        nothingFound="Nenhum fornecedor encontrado"
      />
      <Select
        label={M.breakdown}
        allowDeselect={false}
        data={[
          { value: 'institution', label: M.byInstitution },
          { value: 'provider', label: M.byProvider },
        ]}
        value={values.by}
        onChange={(v) => set('by', (v ?? 'institution') as FinancialBreakdown)}
      />
    </ReportFilterForm>
  );
}

const money = (cents: number) => formatCents(cents);

/** Each month a group of rows: the month's totals, then its institutions or providers (A–Z); the period's total below. */
function FinancialTable({ report }: { report: FinancialReport }) {
  const viewport = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowsX(viewport);
  const label = `${M.title} por mês e ${report.by === 'institution' ? 'instituição' : 'fornecedor'}`;
  const cells = (s: FinancialSums, strong = false) =>
    SUMS.map((c) => (
      <Table.Td key={c.key} ta="right" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {money(s[c.key])}
      </Table.Td>
    ));
  return (
    <Table.ScrollContainer
      minWidth={720}
      scrollAreaProps={{
        viewportRef: viewport,
        classNames: { viewport: 'mantine-focus-auto' },
        viewportProps: scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (rolagem lateral)` } : {},
      }}
    >
      <Table verticalSpacing="xs" aria-label={label} data-testid="financial-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{`Mês / ${report.by === 'institution' ? M.byInstitution : M.byProvider}`}</Table.Th>
            {SUMS.map((c) => (
              <Table.Th key={c.key} scope="col" ta="right">
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        {report.months.map((m) => (
          <Table.Tbody key={m.month} data-month={m.month}>
            <Table.Tr bg="gray.1">
              <Table.Th scope="rowgroup">{m.label}</Table.Th>
              {cells(m, true)}
            </Table.Tr>
            {m.rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={SUMS.length + 1} c="dimmed" pl="xl">
                  {M.noCharges}
                </Table.Td>
              </Table.Tr>
            ) : (
              m.rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Th scope="row" fw={400} pl="xl">
                    {r.name}
                  </Table.Th>
                  {cells(r)}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        ))}
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{M.total}</Table.Th>
            {cells(report.totals, true)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
