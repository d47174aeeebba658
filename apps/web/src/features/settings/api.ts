/** The writes of 'Configurações': the LMS key request goes through the LMS feature's front door. */
import { useMutation} from '@tanstack/react-query';
import { requestLmsAccess } from '../lms';
import type { Reactions } from '../../lib/query';

/** A new LMS key for the institution, e-mailed with instructions (no cached query shows it). */
export function useRequestLmsKey(sellerId: number, options: Reactions<Awaited<ReturnType<typeof requestLmsAccess>>, void> = {}) {
  return useMutation({ ...options, mutationFn: () => requestLmsAccess(sellerId) });
}
