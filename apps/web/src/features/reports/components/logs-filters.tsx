import { Select } from '@mantine/core';
import { AUDIT_ACTIONS, auditActionLabel } from '@edu/shared/audit';
import { logsUsersQuery } from '../api';
import { dateErrors, orderIssue, ReportDateFields, type DateRange } from './report-date-fields';
import { ReportFilterForm, useReportFilters } from './report-filter-form';
import { namedChoices, SearchSelect } from './search-select';

export interface LogsFilterValues extends DateRange {
  user_id: string | null;
  log_type: string | null;
}

const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: auditActionLabel(value) })).sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));

const usersQuery = (name: string) => ({ ...logsUsersQuery(name), select: namedChoices });

/** The logs report's audit log accepts any period: only the end before the start is refused. */
const check = (v: LogsFilterValues) => dateErrors(v, orderIssue);

/** The logs report filters: start and end date (required), user and log type (spec 3 §2.17). */
export function LogsFilters({ initial, onApply, loading }: { initial: LogsFilterValues; onApply: (v: LogsFilterValues) => void; loading: boolean }) {
  const form = useReportFilters(initial, check, onApply);
  return (
    <ReportFilterForm onSubmit={form.submit} loading={loading} cols={{ base: 1, sm: 2, lg: 4 }}>
      <ReportDateFields {...form.dates} />
      <SearchSelect
        label="Usuário"
        placeholder="Todos"
        clearable
        query={usersQuery}
        value={form.values.user_id}
        onChange={(value) => form.set('user_id', value)}
        nothingFound="Nenhum usuário encontrado"
      />
      <Select
        label="Tipo de log"
        placeholder="Todos"
        searchable
        clearable
        data={ACTION_OPTIONS}
        value={form.values.log_type}
        onChange={(value) => form.set('log_type', value)}
        nothingFoundMessage="Nenhum tipo encontrado"
      />
    </ReportFilterForm>
  );
}
