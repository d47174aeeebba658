import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ACCESS_REPORT_MSG } from '@edu/shared/access-reports';
import { useAccessReportSellers } from '../access-reports-api';
import { dateErrors, ReportDateFields, type DateErrors, type DateRange } from './report-date-fields';

export interface AccessReportFilterValues extends DateRange {
  /** Staff only: one institution (null: every institution). */
  seller_id: string | null;
}

/** The access report's filters (spec 3 §2.17): the required dates; staff also choose an institution (or all). */
export function AccessReportFilters({
  initial,
  onApply,
  loading,
  withSeller,
}: {
  initial: AccessReportFilterValues;
  onApply: (v: AccessReportFilterValues) => void;
  loading: boolean;
  withSeller: boolean;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<DateErrors>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 400);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const sellers = useAccessReportSellers(debounced, withSeller);
  const options = useMemo(() => {
    const list = (sellers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
    if (chosen && !list.some((o) => o.value === chosen.value)) list.unshift(chosen);
    return list;
  }, [sellers.data, chosen]);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const next = dateErrors(values);
    setErrors(next);
    if (Object.keys(next).length === 0) onApply(values);
  }

  return (
    <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
      <form onSubmit={submit} noValidate aria-label="Filtros do relatório">
        <SimpleGrid cols={{ base: 1, sm: withSeller ? 3 : 2 }}>
          {withSeller && (
            <Select
              label={ACCESS_REPORT_MSG.seller}
              placeholder={ACCESS_REPORT_MSG.allSellers}
              searchable
              clearable
              data={options}
              value={values.seller_id}
              onChange={(value, option) => {
                setValues((v) => ({ ...v, seller_id: value }));
                setChosen(value ? { value, label: option.label } : null);
              }}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              nothingFoundMessage={sellers.isFetching ? 'Buscando...' : 'Nenhuma instituição encontrada'}
            />
          )}
          <ReportDateFields
            value={values}
            errors={errors}
            onChange={(key, v) => {
              setValues((old) => ({ ...old, [key]: v }));
              setErrors((old) => ({ ...old, [key]: undefined }));
            }}
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
