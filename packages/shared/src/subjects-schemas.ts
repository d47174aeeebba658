/**
 * The schemas of subjects and subject categories: limits and colours, the shapes answered, the bodies and queries
 * accepted. subjects.ts (the routes) re-exports them.
 */
import { z } from 'zod';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { requiredText, idSchema, textIdSchema, INT_MAX } from './validation';

export const SUBJECT_LIMITS = {
  nameMax: LIMITS.nameMax,
  categoryNameMax: 60,
  /** Units in one subject (a reorder sends them all). */
  itemsMax: 500,
  /** Subjects answered by one list (an institution's subjects are few). */
  listMax: 1000,
  /** Spec 3 §2.13: the 'Criar nova' option appears 1 s after typing stops. */
  createOptionDelayMs: 1000,
  /** Spec 3 §7/§9: the provider's client sends order 2 on insert; the server appends at the end (docs/decisions.md). */
  providerInsertOrder: 2,
} as const;

/** Spec 3 §3/§9: the default category colour and the 7 presets (the picker offers any #RRGGBB). */
export const SUBJECT_CATEGORY_DEFAULT_COLOR = '#DAA520';
export const SUBJECT_CATEGORY_COLORS = ['#DAA520', '#E03131', '#1971C2', '#2F9E44', '#7048E8', '#F76707', '#0C8599'] as const;

const positiveId = idSchema(MSG.invalidValue);
const coercedId = textIdSchema(MSG.invalidValue);
const subjectName = requiredText(SUBJECT_LIMITS.nameMax);

/** A comma-joined list in a query ('1,2,3'), or repeated keys. */
const commaParts = z
  .union([z.string(), z.array(z.string())], { error: MSG.invalidValue })
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  );
const idList = commaParts.pipe(z.array(textIdSchema<string>(MSG.invalidValue)).max(50, MSG.invalidValue)).optional();
const textList = commaParts.pipe(z.array(z.string().max(200, MSG.invalidValue)).max(50, MSG.invalidValue)).optional();
const search = z.string().trim().max(LIMITS.searchMax, MSG.maxChars(LIMITS.searchMax)).optional();

// ------------------------------------------------------------------ shapes

export const subjectCategory = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type SubjectCategory = z.infer<typeof subjectCategory>;

/** A subject card (spec 3 §3: id, subject_id, name, itemsCount, category_id). */
export const subjectCard = z.object({
  id: z.number(),
  name: z.string(),
  itemsCount: z.number(),
  categoryId: z.number().nullable(),
  category: subjectCategory.nullable(),
  /** The provider's subject it was imported from, if any. */
  importedFromId: z.number().nullable(),
  createdAt: z.string(),
});
export type SubjectCard = z.infer<typeof subjectCard>;

/** A unit in a subject (spec 3 §3: subjectItemId, itemId, itemContentId, order, title, companyName). */
export const subjectItem = z.object({
  subjectItemId: z.number(),
  itemId: z.number(),
  /** The pinned version the subject shows. */
  itemContentId: z.number(),
  /** 0-based position. */
  order: z.number(),
  title: z.string(),
  companyName: z.string(),
  levelOfLearning: z.array(z.string()),
  version: z.number(),
  /** The caller may read the pinned version now (an institution: its rent of the provider is active). */
  readable: z.boolean(),
});
export type SubjectItem = z.infer<typeof subjectItem>;

export const subjectDetail = z.object({
  id: z.number(),
  name: z.string(),
  categoryId: z.number().nullable(),
  subjectItems: z.array(subjectItem),
});
export type SubjectDetail = z.infer<typeof subjectDetail>;

/** A provider's subject an institution may import (its provider is actively rented). */
export const importableSubject = z.object({ id: z.number(), name: z.string(), itemsCount: z.number(), providerId: z.number(), companyName: z.string() });
export type ImportableSubject = z.infer<typeof importableSubject>;

export const subjectCreated = z.object({ message: z.string(), subject_id: z.number() });
export const subjectItemAdded = z.object({ message: z.string(), subjectItemId: z.number() });
export const subjectMessage = z.object({ message: z.string() });

// ------------------------------------------------------------------ bodies and queries

/** GET /sellers/subjects/filter (spec 3 §7: sellerId, name, knowledges, levelOfLearning, categories comma-joined). */
export const sellerSubjectsFilter = z.strictObject({
  sellerId: coercedId,
  name: search,
  knowledges: idList,
  levelOfLearning: textList,
  categories: idList,
});
export type SellerSubjectsFilter = z.input<typeof sellerSubjectsFilter>;

export const providerSubjectsFind = z.strictObject({ subjectTitle: search, levelOfLearning: textList });
export type ProviderSubjectsFind = z.input<typeof providerSubjectsFind>;

export const subjectNameForm = z.object({ name: subjectName });
export const sellerSubjectCreateBody = z.strictObject({ name: subjectName, sellerId: positiveId });
export type SellerSubjectCreateBody = z.input<typeof sellerSubjectCreateBody>;
export const providerSubjectCreateBody = z.strictObject({ name: subjectName });
export type ProviderSubjectCreateBody = z.input<typeof providerSubjectCreateBody>;

/** Spec 3 §5: 'Add unit to subject: subjectId required (Campo Obrigatório)'. */
export const sellerSubjectItemBody = z.strictObject({
  subjectId: idSchema(MSG.required),
  itemId: positiveId,
  itemContentId: positiveId,
});
export type SellerSubjectItemBody = z.input<typeof sellerSubjectItemBody>;

/** POST providers/subjects/insert-items: `order` is accepted as sent (the spec's client sends 2) and not used. */
export const providerInsertItemsBody = z.strictObject({
  subjectId: idSchema(MSG.required),
  subjectItems: z
    .array(z.strictObject({ itemId: positiveId, itemContentId: positiveId, order: z.number({ error: MSG.invalidValue }).int(MSG.invalidValue).max(INT_MAX, MSG.invalidValue).optional() }))
    .min(1)
    .max(SUBJECT_LIMITS.itemsMax),
});
export type ProviderInsertItemsBody = z.input<typeof providerInsertItemsBody>;

export const sellerRenameBody = z.strictObject({ id: positiveId, name: subjectName });
export type SellerRenameBody = z.input<typeof sellerRenameBody>;

const orderValue = z.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(0, MSG.invalidValue).max(INT_MAX, MSG.invalidValue);
/** PUT /sellers/subjects/item (spec 3 §7): the WHOLE new order of one subject's units. */
export const sellerReorderBody = z.strictObject({
  subjectItems: z.array(z.strictObject({ subjectItemId: positiveId, order: orderValue })).min(1).max(SUBJECT_LIMITS.itemsMax),
});
export type SellerReorderBody = z.input<typeof sellerReorderBody>;
/** The provider form: the subject id with the list of (subject item) id and order. */
export const providerReorderBody = z.strictObject({
  subjectId: positiveId,
  subjectItems: z.array(z.strictObject({ id: positiveId, order: orderValue })).min(1).max(SUBJECT_LIMITS.itemsMax),
});
export type ProviderReorderBody = z.input<typeof providerReorderBody>;

/** DELETE /providers/subjects/{id}/delete-items: the unit (item) ids to take out of subject {id}. */
export const providerDeleteItemsBody = z.strictObject({ subjectItems: z.array(positiveId).min(1).max(SUBJECT_LIMITS.itemsMax) });
export type ProviderDeleteItemsBody = z.input<typeof providerDeleteItemsBody>;

const hexColor = z.string({ error: MSG.required }).trim().regex(/^#[0-9a-fA-F]{6}$/, 'Escolha uma cor válida (#RRGGBB)').transform((c) => c.toUpperCase());
export const categoryFields = {
  name: requiredText(SUBJECT_LIMITS.categoryNameMax),
  color: hexColor.default(SUBJECT_CATEGORY_DEFAULT_COLOR),
};
export const categoryForm = z.object(categoryFields);
/** POST /sellers/subjects/category (spec 3 §7: name, seller_id, color). */
export const categoryCreateBody = z.strictObject({ ...categoryFields, seller_id: positiveId });
export type CategoryCreateBody = z.input<typeof categoryCreateBody>;
/** Set (or clear, null) a subject's category. */
export const subjectCategoryBody = z.strictObject({ categoryId: positiveId.nullable() });
export type SubjectCategoryBody = z.input<typeof subjectCategoryBody>;

export const sellerImportBody = z.strictObject({ subjectId: idSchema(MSG.required) });
export type SellerImportBody = z.input<typeof sellerImportBody>;

export const subjectItemParams = z.strictObject({ id: coercedId, subjectItemId: coercedId });
export const sellerIdParam = z.strictObject({ sellerId: coercedId });
