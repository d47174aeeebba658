/**
 * The platform team's 'Cobranças' (admin, director): the list of every institution's charges, paying one by hand,
 * canceling one, and the bank statement import (preview, then import of the same file).
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { chargesRoutes as R, type PayChargeBody, type StaffChargesQuery } from '@edu/shared/charges';
import { chargePaymentRoutes as P } from '@edu/shared/charge-payments';
import { institutionsRoutes } from '@edu/shared/institutions';
import { call } from '../../lib/api';
import { refreshMarketplace, thenReact, type Reactions, type Result } from '../../lib/query';

export const staffChargesKeys = {
  all: ['staff-charges'] as const,
  list: (query: StaffChargesQuery) => [...staffChargesKeys.all, 'list', query] as const,
};

export const staffChargesQuery = (query: StaffChargesQuery) =>
  queryOptions({
    queryKey: staffChargesKeys.list(query),
    queryFn: ({ signal }) => call(R.staffList, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** The institutions of the list's filter (by name; the 100 first). */
export const chargeInstitutionsQuery = () =>
  queryOptions({
    queryKey: [...staffChargesKeys.all, 'institutions'] as const,
    queryFn: ({ signal }) => call(institutionsRoutes.list, { query: { order: 'name', limit: 100 }, signal }),
    staleTime: 60_000,
  });

export const payCharge = (id: number, body: PayChargeBody) => call(R.pay, { params: { id }, body });
export const cancelCharge = (id: number) => call(R.cancel, { params: { id } });
/** The statement's file goes as the multipart field `file`. */
export const previewStatement = (file: File) => call(P.statementPreview, { file, fileField: 'file' });
export const importStatement = (file: File) => call(P.statementImport, { file, fileField: 'file' });

/** After a payment or a cancellation: the charges' lists and every marketplace screen (a paid first charge activates its rent). */
function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: staffChargesKeys.all }), refreshMarketplace(client)]);
}

function useChargeWrite<TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>, options: Reactions<TData, TVars>) {
  const refresh = useRefresh();
  return useMutation({ ...options, mutationFn, onSettled: thenReact(refresh, options.onSettled) });
}

export const usePayCharge = (options: Reactions<Result<typeof payCharge>, { id: number; body: PayChargeBody }> = {}) =>
  useChargeWrite(({ id, body }: { id: number; body: PayChargeBody }) => payCharge(id, body), options);

export const useCancelCharge = (options: Reactions<Result<typeof cancelCharge>, number> = {}) => useChargeWrite((id: number) => cancelCharge(id), options);

export const useImportStatement = (options: Reactions<Result<typeof importStatement>, File> = {}) => useChargeWrite((file: File) => importStatement(file), options);
