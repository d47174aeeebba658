/**
 * What every report's filters share: the form 'Filtros do relatório' in the pt-BR calendar (weeks from Sunday), its
 * fields in a grid, the 'Filtrar' button; and the state behind it (a field's error goes when the field changes, and
 * the filters apply only when nothing is wrong).
 */
import { Button, Group, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { IconFilter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { DateErrors, DateRange } from './report-date-fields';

/** Knowledge areas as select groups: 'Ensino superior' (university areas), then 'Educação básica'; no empty group. */
export const areaGroups = (areas: readonly { id: number; title: string; type: string }[] = []) =>
  [
    { group: 'Ensino superior', items: areas.filter((k) => k.type === 'university').map((k) => ({ value: String(k.id), label: k.title })) },
    { group: 'Educação básica', items: areas.filter((k) => k.type !== 'university').map((k) => ({ value: String(k.id), label: k.title })) },
  ].filter((g) => g.items.length > 0);

export type FilterErrors<T> = Partial<Record<keyof T, string>>;

/** The filters being edited, their errors, and `dates`: the props of ReportDateFields. */
export function useReportFilters<T extends DateRange>(initial: T, check: (v: T) => FilterErrors<T>, onApply: (v: T) => void) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FilterErrors<T>>({});
  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = () => {
    const next = check(values);
    setErrors(next);
    if (Object.keys(next).length === 0) onApply(values);
  };
  const dates = {
    value: values,
    errors: errors as DateErrors,
    onChange: (key: keyof DateRange, v: string) => set(key, v as T[keyof DateRange]),
  };
  return { values, errors, set, submit, dates };
}

export function ReportFilterForm({ onSubmit, loading, cols, children }: { onSubmit: () => void; loading: boolean; cols: SimpleGridProps['cols']; children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        noValidate
        aria-label="Filtros do relatório"
      >
        <SimpleGrid cols={cols}>{children}</SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" leftSection={<IconFilter size={18} />} loading={loading}>
            Filtrar
          </Button>
        </Group>
      </form>
    </DatesProvider>
  );
}
