/**
 * Query keys and calls of subjects and categories (spec 3 §7 "Subjects and categories"): the institution's calls
 * (`side` 'seller') and the provider's (`side` 'provider'), behind one set of functions the pages use.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  SUBJECT_LIMITS,
  subjectsRoutes as R,
  type CategoryCreateBody,
  type SellerSubjectsFilter,
  type SubjectCard,
  type SubjectDetail,
} from '@edu/shared/subjects';
import { call } from '../../lib/api';

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
