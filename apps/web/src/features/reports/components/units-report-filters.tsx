import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ProvidersPage } from '@edu/shared/providers';
import { UNITS_REPORT_MSG } from '@edu/shared/units-report';
import { knowledgeQuery, levelsQuery } from '../../units';
import { reportProvidersQuery } from '../units-report-api';
import { dateErrors, ReportDateFields, type DateRange } from './report-date-fields';
import { areaGroups, ReportFilterForm, useReportFilters, type FilterErrors } from './report-filter-form';
import { SearchSelect, type Choice } from './search-select';

export interface UnitsReportFilterValues extends DateRange {
  levelOfLearning: string | null;
  knowledge: string | null;
  /** Admin and director only: whose report. */
  providerId: string | null;
}

/** Content providers (not service providers) as choices. */
const providerChoices = (page: ProvidersPage): Choice[] =>
  page.data.filter((p) => !p.isServiceProvider).map((p) => ({ value: String(p.id), label: p.companyName }));
const providersQuery = (name: string) => ({ ...reportProvidersQuery(name), select: providerChoices });

/**
 * The published-units report's filters (spec 3 §2.17): Data Inicial* and Data Final* (checked as the server checks
 * them: end ≥ start, at most 24 months), a learning-level select and a knowledge-area select; admin and director
 * also choose the provider.
 */
export function UnitsReportFilters({
  initial,
  onApply,
  loading,
  withProvider,
}: {
  initial: UnitsReportFilterValues;
  onApply: (v: UnitsReportFilterValues) => void;
  loading: boolean;
  withProvider: boolean;
}) {
  const form = useReportFilters(
    initial,
    (v): FilterErrors<UnitsReportFilterValues> => ({
      ...dateErrors(v),
      ...(withProvider && !v.providerId ? { providerId: UNITS_REPORT_MSG.providerRequired } : {}),
    }),
    onApply,
  );
  const knowledge = useQuery(knowledgeQuery);
  const levels = useQuery(levelsQuery);
  const areaOptions = useMemo(() => areaGroups(knowledge.data), [knowledge.data]);
  const levelOptions = useMemo(
    () =>
      [
        { group: 'Ensino superior', items: levels.data?.university ?? [] },
        { group: 'Educação básica', items: levels.data?.basic ?? [] },
      ].filter((g) => g.items.length > 0),
    [levels.data],
  );

  return (
    <ReportFilterForm onSubmit={form.submit} loading={loading} cols={{ base: 1, sm: 2, lg: withProvider ? 5 : 4 }}>
      {withProvider && (
        <SearchSelect
          label="Fornecedor"
          required
          placeholder="Selecione"
          query={providersQuery}
          value={form.values.providerId}
          onChange={(value) => form.set('providerId', value)}
          nothingFound="Nenhum fornecedor encontrado"
          error={form.errors.providerId}
        />
      )}
      <ReportDateFields {...form.dates} />
      <Select
        label="Nível de Aprendizado"
        placeholder="Todos"
        searchable
        clearable
        data={levelOptions}
        value={form.values.levelOfLearning}
        onChange={(value) => form.set('levelOfLearning', value)}
        nothingFoundMessage="Nenhum nível encontrado"
      />
      <Select
        label="Área de Conhecimento"
        placeholder="Todas"
        searchable
        clearable
        data={areaOptions}
        value={form.values.knowledge}
        onChange={(value) => form.set('knowledge', value)}
        nothingFoundMessage="Nenhuma área encontrada"
      />
    </ReportFilterForm>
  );
}
