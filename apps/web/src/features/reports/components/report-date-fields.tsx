/**
 * Data Inicial* and Data Final* of the access reports (spec 3 §2.17: both required), checked as the server checks
 * them (reportRangeIssue: end ≥ start, at most 24 months), with the calendar's controls named in Portuguese.
 */
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import 'dayjs/locale/pt-br';
import '@mantine/dates/styles.css';
import { MSG } from '@edu/shared/messages';
import { reportRangeIssue } from '@edu/shared/reports';

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

export interface DateRange {
  start_date: string;
  end_date: string;
}
export type DateErrors = Partial<Record<keyof DateRange, string>>;

/** What is wrong with the dates, by field (empty: nothing). */
export function dateErrors(v: DateRange): DateErrors {
  const errors: DateErrors = {};
  if (!v.start_date) errors.start_date = MSG.required;
  if (!v.end_date) errors.end_date = MSG.required;
  const range = reportRangeIssue(v.start_date, v.end_date);
  if (range) errors.end_date = range;
  return errors;
}

export function ReportDateFields({ value, errors, onChange }: { value: DateRange; errors: DateErrors; onChange: (key: keyof DateRange, v: string) => void }) {
  return (
    <>
      <DatePickerInput
        label="Data Inicial"
        required
        valueFormat="DD/MM/YYYY"
        ariaLabels={CALENDAR_LABELS}
        leftSection={<IconCalendar size={16} aria-hidden />}
        value={value.start_date || null}
        onChange={(v) => onChange('start_date', v ?? '')}
        error={errors.start_date}
      />
      <DatePickerInput
        label="Data Final"
        required
        valueFormat="DD/MM/YYYY"
        ariaLabels={CALENDAR_LABELS}
        leftSection={<IconCalendar size={16} aria-hidden />}
        value={value.end_date || null}
        onChange={(v) => onChange('end_date', v ?? '')}
        error={errors.end_date}
      />
    </>
  );
}
