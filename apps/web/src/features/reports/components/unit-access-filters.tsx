import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { IconFilter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ALL_KNOWLEDGE_AREAS } from '@edu/shared/access-reports';
import { knowledgeQuery } from '../../units';
import { dateErrors, ReportDateFields, type DateErrors, type DateRange } from './report-date-fields';

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
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<DateErrors>({});
  const knowledge = useQuery(knowledgeQuery);
  const options = useMemo(
    () => [
      { group: 'Todas', items: [{ value: ALL, label: 'Todas as áreas' }] },
      ...[
        { group: 'Ensino superior', items: (knowledge.data ?? []).filter((k) => k.type === 'university').map((k) => ({ value: String(k.id), label: k.title })) },
        { group: 'Educação básica', items: (knowledge.data ?? []).filter((k) => k.type !== 'university').map((k) => ({ value: String(k.id), label: k.title })) },
      ].filter((g) => g.items.length > 0),
    ],
    [knowledge.data],
  );

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const next = dateErrors(values);
    setErrors(next);
    if (Object.keys(next).length === 0) onApply(values);
  }

  return (
    <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
      <form onSubmit={submit} noValidate aria-label="Filtros do relatório">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ReportDateFields
            value={values}
            errors={errors}
            onChange={(key, v) => {
              setValues((old) => ({ ...old, [key]: v }));
              setErrors((old) => ({ ...old, [key]: undefined }));
            }}
          />
          <Select
            label="Área de conhecimento"
            searchable
            data={options}
            value={values.knowledgeid}
            onChange={(value) => setValues((v) => ({ ...v, knowledgeid: value ?? ALL }))}
            allowDeselect={false}
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
