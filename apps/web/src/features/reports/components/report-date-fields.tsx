/**
 * Data Inicial* and Data Final* of every report (spec 3 §2.17: both required), with the calendar's controls named in
 * Portuguese. The access and published-units reports check the range as the server checks them (reportRangeIssue:
 * end ≥ start, at most 24 months); the logs report, whose server takes any length, only end ≥ start (orderIssue).
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

/** What is wrong with a range of two dates, or null. */
export type RangeCheck = (start: string, end: string) => string | null;

/** The end before the start (both given), and nothing else. */
export const orderIssue: RangeCheck = (start, end) => (start && end && end < start ? MSG.dateRangeInvalid : null);

/** What is wrong with the dates, by field (empty: nothing); the range's issue goes on the end date. */
export function dateErrors(v: DateRange, rangeIssue: RangeCheck = reportRangeIssue): DateErrors {
  const errors: DateErrors = {};
  if (!v.start_date) errors.start_date = MSG.required;
  if (!v.end_date) errors.end_date = MSG.required;
  const range = rangeIssue(v.start_date, v.end_date);
  if (range) errors.end_date = range;
  return errors;
}

function DateField({ label, value, error, onChange }: { label: string; value: string; error?: string; onChange: (v: string) => void }) {
  return (
    <DatePickerInput
      label={label}
      required
      valueFormat="DD/MM/YYYY"
      ariaLabels={CALENDAR_LABELS}
      leftSection={<IconCalendar size={16} aria-hidden />}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      error={error}
    />
  );
}

export function ReportDateFields({ value, errors, onChange }: { value: DateRange; errors: DateErrors; onChange: (key: keyof DateRange, v: string) => void }) {
  return (
    <>
      <DateField label="Data Inicial" value={value.start_date} error={errors.start_date} onChange={(v) => onChange('start_date', v)} />
      <DateField label="Data Final" value={value.end_date} error={errors.end_date} onChange={(v) => onChange('end_date', v)} />
    </>
  );
}
