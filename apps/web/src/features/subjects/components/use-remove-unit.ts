import { SUBJECT_MSG } from '@edu/shared/subjects';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { confirm } from '../../../ui/confirm';
import { useRemoveSubjectUnit, type Side } from '../api';

/** Remove a unit from a subject after confirmation (spec 3 §4); answers true when it was removed. */
export function useRemoveUnit(side: Side, subjectId: number) {
  const removal = useRemoveSubjectUnit(side, subjectId);
  return async (unit: { subjectItemId: number; itemId: number; title: string }): Promise<boolean> => {
    if (!(await confirm({ title: 'Remover unidade', message: SUBJECT_MSG.removeUnitConfirm(unit.title), confirmLabel: 'Remover', danger: true }))) return false;
    try {
      const res = await removal.mutateAsync(unit);
      toastSuccess(res.message);
      return true;
    } catch (err) {
      toastError(err instanceof ApiError ? err.message : SUBJECT_MSG.formFail);
      return false;
    }
  };
}
