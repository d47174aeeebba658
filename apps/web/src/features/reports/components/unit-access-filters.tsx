import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ALL_KNOWLEDGE_AREAS } from '@edu/shared/access-reports';
import { knowledgeQuery } from '../../units';
import { dateErrors, ReportDateFields, type DateRange } from './report-date-fields';
import { areaGroups, ReportFilterForm, useReportFilters } from './report-filter-form';

export interface UnitAccessFilterValues extends DateRange {
  /** A knowledge area id, or '0' for every area. */
  knowledgeid: string;
}

const ALL = String(ALL_KNOWLEDGE_AREAS);

/** The unit-access report's filters (spec 3 §2.17): Data Inicial*, Data Final* and a knowledge-area select. */
export function UnitAccessFilters({
  initial,
  onApply,
  loading,
}: {
  initial: UnitAccessFilterValues;
  onApply: (v: UnitAccessFilterValues) => void;
  loading: boolean;
}) {
  const form = useReportFilters(initial, dateErrors, onApply);
  const knowledge = useQuery(knowledgeQuery);
  const options = useMemo(() => [{ group: 'Todas', items: [{ value: ALL, label: 'Todas as áreas' }] }, ...areaGroups(knowledge.data)], [knowledge.data]);

  return (
    <ReportFilterForm onSubmit={form.submit} loading={loading} cols={{ base: 1, sm: 3 }}>
      <ReportDateFields {...form.dates} />
      <Select
        label="Área de conhecimento"
        searchable
        data={options}
        value={form.values.knowledgeid}
        onChange={(value) => form.set('knowledgeid', value ?? ALL)}
        allowDeselect={false}
        nothingFoundMessage="Nenhuma área encontrada"
      />
    </ReportFilterForm>
  );
}
