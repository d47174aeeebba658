/**
 * Query keys and calls of subjects and categories (spec 3 §7 "Subjects and categories"): the institution's calls
 * (`side` 'seller') and the provider's (`side` 'provider'), behind one set of functions the pages use; the writes are
 * hooks that refetch every subject query after the change.
 */
import { queryOptions, useMutation, useQueryClient} from '@tanstack/react-query';
import {
  SUBJECT_LIMITS,
  subjectsRoutes as R,
  type CategoryCreateBody,
  type SellerSubjectsFilter,
  type SubjectCard,
  type SubjectDetail,
} from '@edu/shared/subjects';
import { call } from '../../lib/api';
import { type Reactions, thenReact, type Result } from '../../lib/query';

export type Side = 'seller' | 'provider';
/** The owner of the subjects a page shows: the caller's institution or provider. */
export interface SubjectOwner {
  side: Side;
  id: number;
}

export const subjectsKeys = {
  all: ['subjects'] as const,
  list: (owner: SubjectOwner, filter?: object) => ['subjects', 'list', owner.side, owner.id, filter ?? {}] as const,
  lists: ['subjects', 'list'] as const,
  detail: (side: Side, id: number) => ['subjects', 'detail', side, id] as const,
  unit: (id: number, subjectItemId: number) => ['subjects', 'unit', id, subjectItemId] as const,
  categories: (sellerId: number) => ['subjects', 'categories', sellerId] as const,
  importable: ['subjects', 'importable'] as const,
};

export interface SubjectFilter {
  name?: string;
  knowledges?: string[];
  levelOfLearning?: string[];
  categories?: string[];
}

const joined = (v: string[] | undefined) => (v?.length ? v.join(',') : undefined);

export const subjectsQuery = (owner: SubjectOwner, filter: SubjectFilter = {}) =>
  queryOptions({
    queryKey: subjectsKeys.list(owner, filter),
    queryFn: ({ signal }): Promise<SubjectCard[]> => {
      if (owner.side === 'provider') {
        const q = { subjectTitle: filter.name || undefined, levelOfLearning: joined(filter.levelOfLearning) };
        return q.subjectTitle || q.levelOfLearning
          ? call(R.providerFind, { params: { id: owner.id }, query: q, signal })
          : call(R.providerList, { params: { id: owner.id }, signal });
      }
      const query: SellerSubjectsFilter = {
        sellerId: owner.id,
        name: filter.name || undefined,
        knowledges: joined(filter.knowledges),
        levelOfLearning: joined(filter.levelOfLearning),
        categories: joined(filter.categories),
      };
      const filtered = Object.entries(query).some(([k, v]) => k !== 'sellerId' && v !== undefined);
      return filtered ? call(R.sellerFilter, { query, signal }) : call(R.sellerList, { params: { id: owner.id }, signal });
    },
  });

export const subjectQuery = (side: Side, id: number) =>
  queryOptions({
    queryKey: subjectsKeys.detail(side, id),
    queryFn: ({ signal }): Promise<SubjectDetail> =>
      side === 'provider' ? call(R.providerDetail, { params: { id }, signal }) : call(R.sellerDetail, { params: { id }, signal }),
  });

export const subjectUnitQuery = (id: number, subjectItemId: number) =>
  queryOptions({ queryKey: subjectsKeys.unit(id, subjectItemId), queryFn: ({ signal }) => call(R.sellerUnit, { params: { id, subjectItemId }, signal }) });

export const categoriesQuery = (sellerId: number) =>
  queryOptions({ queryKey: subjectsKeys.categories(sellerId), queryFn: ({ signal }) => call(R.categories, { params: { sellerId }, signal }) });

export const importableQuery = () => queryOptions({ queryKey: subjectsKeys.importable, queryFn: ({ signal }) => call(R.importable, { signal }) });

export const createSubject = (owner: SubjectOwner, name: string) =>
  owner.side === 'provider' ? call(R.providerCreate, { body: { name } }) : call(R.sellerCreate, { body: { name, sellerId: owner.id } });

export const renameSubject = (side: Side, id: number, name: string) =>
  side === 'provider' ? call(R.providerRename, { body: { id, name } }) : call(R.sellerRename, { body: { id, name } });

export const removeSubject = (side: Side, id: number) =>
  side === 'provider' ? call(R.providerRemove, { params: { id } }) : call(R.sellerRemove, { params: { id } });

/** Add a unit (its published version) to a subject; the provider's call sends the spec's fixed order 2. */
export const addUnitToSubject = (side: Side, subjectId: number, itemId: number, itemContentId: number) =>
  side === 'provider'
    ? call(R.providerInsertItems, { body: { subjectId, subjectItems: [{ itemId, itemContentId, order: SUBJECT_LIMITS.providerInsertOrder }] } })
    : call(R.sellerAddItem, { body: { subjectId, itemId, itemContentId } });

/** Send the WHOLE new order of the subject's units (subject item ids, first to last). */
export const reorderSubject = (side: Side, subjectId: number, orderedIds: number[]) =>
  side === 'provider'
    ? call(R.providerReorder, { body: { subjectId, subjectItems: orderedIds.map((id, order) => ({ id, order })) } })
    : call(R.sellerReorder, { body: { subjectItems: orderedIds.map((subjectItemId, order) => ({ subjectItemId, order })) } });

export const removeSubjectUnit = (side: Side, subjectId: number, unit: { subjectItemId: number; itemId: number }) =>
  side === 'provider'
    ? call(R.providerDeleteItems, { params: { id: subjectId }, body: { subjectItems: [unit.itemId] } })
    : call(R.sellerRemoveItem, { params: { id: unit.subjectItemId } });

export const createCategory = (body: CategoryCreateBody) => call(R.categoryCreate, { body });
export const removeCategory = (id: number) => call(R.categoryRemove, { params: { id } });
export const setSubjectCategory = (id: number, categoryId: number | null) => call(R.sellerSetCategory, { params: { id }, body: { categoryId } });
export const importSubject = (subjectId: number) => call(R.sellerImport, { body: { subjectId } });

/** A write after which every subject query (lists, details, categories) refetches; the caller's onSuccess runs after. */
function useSubjectsWrite<TData, TVars>(mutationFn: (vars: TVars) => Promise<TData>, options: Reactions<TData, TVars>) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: thenReact(() => client.invalidateQueries({ queryKey: subjectsKeys.all }), options.onSuccess),
  });
}

/** 'Nova Disciplina' (the name). */
export const useCreateSubject = (owner: SubjectOwner, options: Reactions<Result<typeof createSubject>, string> = {}) =>
  useSubjectsWrite((name: string) => createSubject(owner, name), options);

export const useRenameSubject = (side: Side, options: Reactions<Result<typeof renameSubject>, { id: number; name: string }> = {}) =>
  useSubjectsWrite(({ id, name }: { id: number; name: string }) => renameSubject(side, id, name), options);

/** Removes a subject (its id). */
export const useRemoveSubject = (side: Side, options: Reactions<Result<typeof removeSubject>, number> = {}) =>
  useSubjectsWrite((id: number) => removeSubject(side, id), options);

export interface UnitToSubject {
  subjectId: number;
  itemId: number;
  itemContentId: number;
}

export const useAddUnitToSubject = (side: Side, options: Reactions<Result<typeof addUnitToSubject>, UnitToSubject> = {}) =>
  useSubjectsWrite((u: UnitToSubject) => addUnitToSubject(side, u.subjectId, u.itemId, u.itemContentId), options);

export const useRemoveSubjectUnit = (
  side: Side,
  subjectId: number,
  options: Reactions<Result<typeof removeSubjectUnit>, { subjectItemId: number; itemId: number }> = {},
) => useSubjectsWrite((unit: { subjectItemId: number; itemId: number }) => removeSubjectUnit(side, subjectId, unit), options);

export const useCreateCategory = (options: Reactions<Result<typeof createCategory>, CategoryCreateBody> = {}) =>
  useSubjectsWrite(createCategory, options);

/** Removes a category (its id). */
export const useRemoveCategory = (options: Reactions<Result<typeof removeCategory>, number> = {}) =>
  useSubjectsWrite(removeCategory, options);

export interface SubjectCategoryChange {
  id: number;
  categoryId: number | null;
}

export const useSetSubjectCategory = (options: Reactions<Result<typeof setSubjectCategory>, SubjectCategoryChange> = {}) =>
  useSubjectsWrite(({ id, categoryId }: SubjectCategoryChange) => setSubjectCategory(id, categoryId), options);

/** 'Importar Disciplina' (the provider's subject id). */
export const useImportSubject = (options: Reactions<Result<typeof importSubject>, number> = {}) => useSubjectsWrite(importSubject, options);

/**
 * Saves a new order of the subject's units (subject item ids, first to last). The subject shown takes the new order at
 * once and takes back the old one if the server refuses; every subject query refetches after it, in the background
 * (the mutation is no longer pending while that refetch runs).
 */
export function useReorderSubject(side: Side, subjectId: number, options: Reactions<Result<typeof reorderSubject>, number[]> = {}) {
  const client = useQueryClient();
  const key = subjectsKeys.detail(side, subjectId);
  return useMutation({
    ...options,
    mutationFn: (orderedIds: number[]) => reorderSubject(side, subjectId, orderedIds),
    onMutate: (orderedIds) => {
      const before = client.getQueryData<SubjectDetail>(key);
      if (!before) return { before };
      const byId = new Map(before.subjectItems.map((i) => [i.subjectItemId, i]));
      const moved = orderedIds.map((id, order) => ({ ...byId.get(id)!, order }));
      client.setQueryData<SubjectDetail>(key, { ...before, subjectItems: moved });
      return { before };
    },
    onError: (err, orderedIds, saved, context) => {
      if (saved?.before) client.setQueryData<SubjectDetail>(key, saved.before);
      return options.onError?.(err, orderedIds, saved, context);
    },
    onSettled: (...args) => {
      void client.invalidateQueries({ queryKey: subjectsKeys.all });
      return options.onSettled?.(...args);
    },
  });
}
