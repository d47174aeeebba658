import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendar, IconFilter } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import 'dayjs/locale/pt-br';
import '@mantine/dates/styles.css';
import { AUDIT_ACTIONS, auditActionLabel } from '@edu/shared/audit';
import { MSG } from '@edu/shared/messages';
import { useLogsUsers } from '../api';

export interface LogsFilterValues {
  start_date: string;
  end_date: string;
  user_id: string | null;
  log_type: string | null;
}

const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: auditActionLabel(value) })).sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));

/** The logs report filters: start and end date (required), user and log type (spec 3 §2.17). */
export function LogsFilters({ initial, onApply, loading }: { initial: LogsFilterValues; onApply: (v: LogsFilterValues) => void; loading: boolean }) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof LogsFilterValues, string>>>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 400);
  const [selectedUser, setSelectedUser] = useState<{ value: string; label: string } | null>(null);
  const users = useLogsUsers(debounced);
  const userOptions = useMemo(() => {
    const list = (users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
    if (selectedUser && !list.some((o) => o.value === selectedUser.value)) list.unshift(selectedUser);
    return list;
  }, [users.data, selectedUser]);

  const set = <K extends keyof LogsFilterValues>(key: K, value: LogsFilterValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!values.start_date) next.start_date = MSG.required;
    if (!values.end_date) next.end_date = MSG.required;
    if (values.start_date && values.end_date && values.end_date < values.start_date) next.end_date = MSG.dateRangeInvalid;
    setErrors(next);
    if (Object.keys(next).length === 0) onApply(values);
  }

  return (
    <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
      <form onSubmit={submit} noValidate aria-label="Filtros do relatório">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <DatePickerInput
            label="Data Inicial"
            required
            valueFormat="DD/MM/YYYY"
            leftSection={<IconCalendar size={16} aria-hidden />}
            value={values.start_date || null}
            onChange={(v) => set('start_date', v ?? '')}
            error={errors.start_date}
          />
          <DatePickerInput
            label="Data Final"
            required
            valueFormat="DD/MM/YYYY"
            leftSection={<IconCalendar size={16} aria-hidden />}
            value={values.end_date || null}
            onChange={(v) => set('end_date', v ?? '')}
            error={errors.end_date}
          />
          <Select
            label="Usuário"
            placeholder="Todos"
            searchable
            clearable
            data={userOptions}
            value={values.user_id}
            onChange={(value, option) => {
              set('user_id', value);
              setSelectedUser(value ? { value, label: option.label } : null);
            }}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            nothingFoundMessage={users.isFetching ? 'Buscando...' : 'Nenhum usuário encontrado'}
          />
          <Select
            label="Tipo de log"
            placeholder="Todos"
            searchable
            clearable
            data={ACTION_OPTIONS}
            value={values.log_type}
            onChange={(value) => set('log_type', value)}
            nothingFoundMessage="Nenhum tipo encontrado"
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
