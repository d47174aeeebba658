import { ACCESS_REPORT_MSG } from '@edu/shared/access-reports';
import { accessReportSellersQuery } from '../access-reports-api';
import { dateErrors, ReportDateFields, type DateRange } from './report-date-fields';
import { ReportFilterForm, useReportFilters } from './report-filter-form';
import { namedChoices, SearchSelect } from './search-select';

export interface AccessReportFilterValues extends DateRange {
  /** Staff only: one institution (null: every institution). */
  seller_id: string | null;
}

const sellersQuery = (name: string) => ({ ...accessReportSellersQuery(name), select: namedChoices });

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
  const form = useReportFilters(initial, dateErrors, onApply);
  return (
    <ReportFilterForm onSubmit={form.submit} loading={loading} cols={{ base: 1, sm: withSeller ? 3 : 2 }}>
      {withSeller && (
        <SearchSelect
          label={ACCESS_REPORT_MSG.seller}
          placeholder={ACCESS_REPORT_MSG.allSellers}
          clearable
          query={sellersQuery}
          value={form.values.seller_id}
          onChange={(value) => form.set('seller_id', value)}
          nothingFound="Nenhuma instituição encontrada"
        />
      )}
      <ReportDateFields {...form.dates} />
    </ReportFilterForm>
  );
}
