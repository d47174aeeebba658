import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconCalendar, IconFilter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import 'dayjs/locale/pt-br';
import '@mantine/dates/styles.css';
import { MSG } from '@edu/shared/messages';
import { reportRangeIssue } from '@edu/shared/reports';
import { UNITS_REPORT_MSG } from '@edu/shared/units-report';
import { knowledgeQuery, levelsQuery } from '../../units';
import { useReportProviders } from '../units-report-api';

export interface UnitsReportFilterValues {
  startDate: string;
  endDate: string;
  levelOfLearning: string | null;
  knowledge: string | null;
  /** Admin and director only: whose report. */
  providerId: string | null;
}

type Errors = Partial<Record<keyof UnitsReportFilterValues, string>>;

/** The calendar's controls, named in Portuguese for screen readers. */
const CALENDAR_LABELS = {
  previousMonth: 'Mês anterior',
  nextMonth: 'Próximo mês',
  previousYear: 'Ano anterior',
  nextYear: 'Próximo ano',
  previousDecade: 'Década anterior',
  nextDecade: 'Próxima década',
  monthLevelControl: 'Escolher o mês',
  yearLevelControl: 'Escolher o ano',
};

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
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const knowledge = useQuery(knowledgeQuery);
  const levels = useQuery(levelsQuery);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 400);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const providers = useReportProviders(debounced, withProvider);

  const areaOptions = useMemo(
    () =>
      [
        { group: 'Ensino superior', items: (knowledge.data ?? []).filter((k) => k.type === 'university').map((k) => ({ value: String(k.id), label: k.title })) },
        { group: 'Educação básica', items: (knowledge.data ?? []).filter((k) => k.type !== 'university').map((k) => ({ value: String(k.id), label: k.title })) },
      ].filter((g) => g.items.length > 0),
    [knowledge.data],
  );
  const levelOptions = useMemo(
    () =>
      [
        { group: 'Ensino superior', items: levels.data?.university ?? [] },
        { group: 'Educação básica', items: levels.data?.basic ?? [] },
      ].filter((g) => g.items.length > 0),
    [levels.data],
  );
  const providerOptions = useMemo(() => {
    const list = (providers.data?.data ?? []).filter((p) => !p.isServiceProvider).map((p) => ({ value: String(p.id), label: p.companyName }));
    if (chosen && !list.some((o) => o.value === chosen.value)) list.unshift(chosen);
    return list;
  }, [providers.data, chosen]);

  const set = <K extends keyof UnitsReportFilterValues>(key: K, value: UnitsReportFilterValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const next: Errors = {};
    if (!values.startDate) next.startDate = MSG.required;
    if (!values.endDate) next.endDate = MSG.required;
    const range = reportRangeIssue(values.startDate, values.endDate);
    if (range) next.endDate = range;
    if (withProvider && !values.providerId) next.providerId = UNITS_REPORT_MSG.providerRequired;
    setErrors(next);
    if (Object.keys(next).length === 0) onApply(values);
  }

  return (
    <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
      <form onSubmit={submit} noValidate aria-label="Filtros do relatório">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: withProvider ? 5 : 4 }}>
          {withProvider && (
            <Select
              label="Fornecedor"
              required
              placeholder="Selecione"
              searchable
              data={providerOptions}
              value={values.providerId}
              onChange={(value, option) => {
                set('providerId', value);
                setChosen(value ? { value, label: option.label } : null);
              }}
              onSearchChange={setSearch}
              filter={({ options }) => options}
              nothingFoundMessage={providers.isFetching ? 'Buscando...' : 'Nenhum fornecedor encontrado'}
              error={errors.providerId}
            />
          )}
          <DatePickerInput
            label="Data Inicial"
            required
            valueFormat="DD/MM/YYYY"
            ariaLabels={CALENDAR_LABELS}
            leftSection={<IconCalendar size={16} aria-hidden />}
            value={values.startDate || null}
            onChange={(v) => set('startDate', v ?? '')}
            error={errors.startDate}
          />
          <DatePickerInput
            label="Data Final"
            required
            valueFormat="DD/MM/YYYY"
            ariaLabels={CALENDAR_LABELS}
            leftSection={<IconCalendar size={16} aria-hidden />}
            value={values.endDate || null}
            onChange={(v) => set('endDate', v ?? '')}
            error={errors.endDate}
          />
          <Select
            label="Nível de Aprendizado"
            placeholder="Todos"
            searchable
            clearable
            data={levelOptions}
            value={values.levelOfLearning}
            onChange={(value) => set('levelOfLearning', value)}
            nothingFoundMessage="Nenhum nível encontrado"
          />
          <Select
            label="Área de Conhecimento"
            placeholder="Todas"
            searchable
            clearable
            data={areaOptions}
            value={values.knowledge}
            onChange={(value) => set('knowledge', value)}
            nothingFoundMessage="Nenhuma área encontrada"
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" leftSection={<IconFilter size={18} />} loading={loading}>
            Filtrar
          </Button>
        </Group>
      </form>
    </DatesProvider>
  );
}
