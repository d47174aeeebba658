/**
 * Courses (spec 3 §2.16, §4, §5, §7 "Courses", §8): an ordered list
 * of subjects of ONE owner (an institution or a provider). The seller calls and the provider calls of §7, the
 * reorder rule (the whole new order, applied atomically), and 'Importar Curso' — a provider's course copied into
 * the institution by a background job whose progress the button shows.
 */
import { z } from 'zod';
import type { UserType } from './access';
import { defineRoute } from './contract';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { idSchema, requiredText, textIdSchema } from './validation';

/** pt-BR texts (spec 3 §2.16, §5, §8; the spellings of the spec, 'editado editado' included). */
export const COURSE_MSG = {
  title: 'Cursos',
  created: 'Curso cadastrado com sucesso!',
  renamed: 'Curso editado editado com sucesso!',
  removed: 'Curso removido com sucesso!',
  reordered: 'Disciplinas organizadas com sucesso!',
  subjectsAdded: 'Disciplinas cadastradas com sucesso!',
  subjectRemoved: 'Disciplina removida com sucesso!',
  imported: 'O Curso foi importado com sucesso!',
  importTakesTime: 'Alguns cursos levam alguns minutos para serem importados. Avisaremos pelo sino quando terminar.',
  importQueued: 'Importação iniciada. Avisaremos pelo sino quando terminar.',
  importFailed: (name: string) => `Não foi possível importar o curso "${name}". Nada foi importado; tente novamente mais tarde.`,
  importSkipped: (n: number) =>
    n === 1
      ? '1 unidade não foi incluída porque o aluguel do seu fornecedor não está ativo ou ela não está publicada.'
      : `${n} unidades não foram incluídas porque o aluguel dos seus fornecedores não está ativo ou elas não estão publicadas.`,
  /** 409 of a second import of the same course without `copy`: the web asks, then sends `copy: true`. */
  alreadyImported: 'Este curso já foi importado. Deseja importar uma cópia? Ela será criada com o nome terminado em "(cópia)".',
  importRunning: 'A importação deste curso já está em andamento.',
  copySuffix: ' (cópia)',
  notFound: 'Curso não encontrado.',
  subjectNotFound: 'Disciplina não encontrada.',
  itemNotFound: 'Esta disciplina não está no curso.',
  subjectAlreadyIn: 'Esta disciplina já está no curso.',
  importNotFound: 'Importação não encontrada.',
  providerNotRented: 'Fornecedor não encontrado ou sem aluguel ativo.',
  /** 409 of a reorder whose list is not exactly the course's current subjects. */
  staleOrder: 'A lista de disciplinas do curso mudou. Recarregue a página e tente novamente.',
  empty: 'Nenhum curso cadastrado.',
  emptyProvider: 'Não há cursos registrados nesse fornecedor...',
  emptyCourse: 'Este curso ainda não tem disciplinas.',
  noSubjectsToAdd: 'Não há disciplinas disponíveis...',
  chooseCourse: 'Selecione um curso para importar.',
  removeConfirm: (name: string) => `Tem certeza que deseja remover o curso ${name}?`,
  removeSubjectConfirm: (name: string) => `Tem certeza que deseja remover a disciplina ${name} deste curso?`,
  removeNote: 'As disciplinas continuam cadastradas em Disciplinas.',
} as const;

/** Who reads the institution's courses (its own only; the assistant reads but never changes). */
export const COURSE_SELLER_READER_TYPES = ['seller', 'seller_content_manager', 'seller_assistent'] as const satisfies readonly UserType[];
/** Who creates, renames, removes, reorders and fills the institution's courses (spec 3 §6). */
export const COURSE_SELLER_WRITER_TYPES = ['seller', 'seller_content_manager'] as const satisfies readonly UserType[];
/** Who imports a provider's course (spec 3 §2.16 'import course (sellers only)': the institution's writers, never a provider). */
export const COURSE_IMPORTER_TYPES = COURSE_SELLER_WRITER_TYPES;
/** The provider side of §7: the provider account organises its own courses. */
export const COURSE_PROVIDER_TYPES = ['provider'] as const satisfies readonly UserType[];

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_FINISHED: readonly ImportStatus[] = ['done', 'failed'];

const pathId = () => textIdSchema(MSG.invalidValue);
/** An id in a JSON body: 'Campo Obrigatório' when missing, 'Valor inválido' when not a positive integer. */
const bodyId = () => idSchema(MSG.invalidValue, MSG.required);

export const courseIdParam = z.strictObject({ id: pathId() });
export const courseImportParam = z.strictObject({ courseId: pathId() });
export const providerIdParam = z.strictObject({ providerId: pathId() });

/** Nova Curso / Editar Curso: name required ('Campo Obrigatório'). */
export const courseNameBody = z.strictObject({ name: requiredText(LIMITS.nameMax) });
export type CourseNameBody = z.input<typeof courseNameBody>;

/**
 * The WHOLE new order: the course items' ids (course-item ids, not subject ids), each once. The server applies it only
 * when it is exactly a permutation of the course's current items (else 409 COURSE_MSG.staleOrder).
 */
export const reorderBody = z.strictObject({
  orderedItems: z
    .array(bodyId(), { error: MSG.mustBeList })
    .max(LIMITS.usersPageSizeMax * 10, MSG.invalidValue)
    .refine((ids) => new Set(ids).size === ids.length, MSG.invalidValue),
});
export type ReorderBody = z.input<typeof reorderBody>;

export const addCourseItemBody = z.strictObject({ subjectId: bodyId(), courseId: bodyId() });
export type AddCourseItemBody = z.input<typeof addCourseItemBody>;
export const removeCourseItemBody = z.strictObject({ courseId: bodyId() });

/** `copy: true` imports the course again, as '<name> (cópia)' (without it, a second import answers 409). */
export const importBody = z.strictObject({ copy: z.boolean({ error: MSG.mustBeBoolean }).optional() }).optional();
export type ImportBody = z.input<typeof importBody>;

export const courseCard = z.object({
  id: z.number(),
  name: z.string(),
  /** How many subjects the course has (spec 3 §3 'itemsCount'). */
  itemsCount: z.number(),
  /** The provider's course it was imported from (null: made here). */
  importedFromId: z.number().nullable(),
  createdAt: z.string(),
});
export type CourseCard = z.infer<typeof courseCard>;

export const courseItem = z.object({
  /** The course item's id (what reorder and remove name). */
  id: z.number(),
  subjectId: z.number(),
  name: z.string(),
  /** The subject's units. */
  unitsCount: z.number(),
  position: z.number(),
});
export type CourseItem = z.infer<typeof courseItem>;

export const courseDetail = courseCard.extend({ courseItems: z.array(courseItem) });
export type CourseDetail = z.infer<typeof courseDetail>;

export const courseImport = z.object({
  id: z.number(),
  /** The provider's course being imported. */
  sourceId: z.number(),
  status: z.enum(IMPORT_STATUSES),
  /** 0–100. */
  progress: z.number(),
  /** The new course (status done). */
  resultId: z.number().nullable(),
  /** pt-BR, when it failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type CourseImport = z.infer<typeof courseImport>;

export const coursesReply = z.object({
  data: z.array(courseCard),
  /** The institution's imports still queued or running (the 'Importar Curso' button shows their progress). */
  imports: z.array(courseImport),
});
export type CoursesReply = z.infer<typeof coursesReply>;

export const courseMoveReply = z.object({ message: z.string(), course: courseDetail });
export type CourseMoveReply = z.infer<typeof courseMoveReply>;

/** The owner's subjects not yet in the course ('Nova Disciplina' of the course detail). */
export const courseCandidatesReply = z.array(z.object({ id: z.number(), name: z.string(), unitsCount: z.number() }));

/** A provider's courses as an institution that actively rents it sees them (for 'Importar Curso'). */
export const providerCoursesReply = z.array(courseCard.omit({ importedFromId: true }).extend({ imported: z.boolean() }));
export type ProviderCourse = z.infer<typeof providerCoursesReply>[number];

export const importReply = z.object({ message: z.string(), import: courseImport });

const S = 'courses';

export const courseRoutes = {
  // ---------------------------------------------------------------- seller (the institution's courses)
  list: defineRoute({
    method: 'GET', path: '/sellers/courses', tag: S, summary: 'Cursos da própria instituição, com as importações em andamento',
    access: COURSE_SELLER_READER_TYPES, response: coursesReply,
  }),
  detail: defineRoute({
    method: 'GET', path: '/sellers/courses/:id', tag: S, summary: 'Um curso da instituição com as suas disciplinas, em ordem',
    access: COURSE_SELLER_READER_TYPES, params: courseIdParam, response: courseDetail,
  }),
  candidates: defineRoute({
    method: 'GET', path: '/sellers/courses/:id/candidates', tag: S, summary: "Disciplinas da instituição que ainda não estão no curso ('Nova Disciplina')",
    access: COURSE_SELLER_WRITER_TYPES, params: courseIdParam, response: courseCandidatesReply,
  }),
  create: defineRoute({
    method: 'POST', path: '/sellers/courses', tag: S, summary: 'Novo Curso', access: COURSE_SELLER_WRITER_TYPES, body: courseNameBody, response: courseMoveReply,
  }),
  rename: defineRoute({
    method: 'PUT', path: '/sellers/courses/:id', tag: S, summary: 'Renomear um curso', access: COURSE_SELLER_WRITER_TYPES,
    params: courseIdParam, body: courseNameBody, response: courseMoveReply,
  }),
  remove: defineRoute({
    method: 'DELETE', path: '/sellers/courses/:id', tag: S, summary: 'Remover um curso (as disciplinas continuam)', access: COURSE_SELLER_WRITER_TYPES,
    params: courseIdParam, response: z.object({ message: z.string() }),
  }),
  reorder: defineRoute({
    method: 'PATCH', path: '/sellers/courses/reorder/:id', tag: S, summary: 'Reordenar as disciplinas de um curso (a ordem inteira, aplicada de uma vez)',
    access: COURSE_SELLER_WRITER_TYPES, params: courseIdParam, body: reorderBody, response: courseMoveReply,
  }),
  addItem: defineRoute({
    method: 'POST', path: '/sellers/course-items/', tag: S, summary: 'Adicionar uma disciplina da instituição ao fim de um curso',
    access: COURSE_SELLER_WRITER_TYPES, body: addCourseItemBody, response: courseMoveReply,
  }),
  removeItem: defineRoute({
    method: 'DELETE', path: '/sellers/course-items/:id', tag: S, summary: 'Tirar uma disciplina de um curso (a disciplina continua)',
    access: COURSE_SELLER_WRITER_TYPES, params: courseIdParam, body: removeCourseItemBody, response: courseMoveReply,
  }),
  import: defineRoute({
    method: 'POST', path: '/sellers/courses/import/:courseId', tag: S,
    summary: "Importar Curso: copiar um curso de um fornecedor com aluguel ativo (trabalho em segundo plano; 409 se já importado, salvo com copy: true)",
    access: COURSE_IMPORTER_TYPES, params: courseImportParam, body: importBody, response: importReply, idempotent: true,
  }),
  importStatus: defineRoute({
    method: 'GET', path: '/sellers/courses/imports/:id', tag: S, summary: 'Andamento de uma importação de curso da instituição',
    access: COURSE_IMPORTER_TYPES, params: courseIdParam, response: courseImport,
  }),
  providerCourses: defineRoute({
    method: 'GET', path: '/providers/courses/provider/:providerId', tag: S,
    summary: "Cursos de um fornecedor que a instituição aluga com aluguel ativo ('Importar Curso'); o próprio fornecedor também lê os seus",
    access: [...COURSE_IMPORTER_TYPES, ...COURSE_PROVIDER_TYPES], params: providerIdParam, response: providerCoursesReply,
  }),
  // ---------------------------------------------------------------- provider (its own courses)
  providerList: defineRoute({
    method: 'GET', path: '/providers/courses', tag: S, summary: 'Cursos do próprio fornecedor', access: COURSE_PROVIDER_TYPES, response: coursesReply,
  }),
  providerDetail: defineRoute({
    method: 'GET', path: '/providers/courses/:id', tag: S, summary: 'Um curso do fornecedor com as suas disciplinas, em ordem',
    access: COURSE_PROVIDER_TYPES, params: courseIdParam, response: courseDetail,
  }),
  providerCandidates: defineRoute({
    method: 'GET', path: '/providers/courses/:id/candidates', tag: S, summary: "Disciplinas do fornecedor que ainda não estão no curso ('Nova Disciplina')",
    access: COURSE_PROVIDER_TYPES, params: courseIdParam, response: courseCandidatesReply,
  }),
  providerCreate: defineRoute({
    method: 'POST', path: '/providers/courses', tag: S, summary: 'Novo Curso do fornecedor', access: COURSE_PROVIDER_TYPES, body: courseNameBody, response: courseMoveReply,
  }),
  providerRename: defineRoute({
    method: 'PUT', path: '/providers/courses/:id', tag: S, summary: 'Renomear um curso do fornecedor', access: COURSE_PROVIDER_TYPES,
    params: courseIdParam, body: courseNameBody, response: courseMoveReply,
  }),
  providerRemove: defineRoute({
    method: 'DELETE', path: '/providers/courses/:id', tag: S, summary: 'Remover um curso do fornecedor', access: COURSE_PROVIDER_TYPES,
    params: courseIdParam, response: z.object({ message: z.string() }),
  }),
  providerReorder: defineRoute({
    method: 'PATCH', path: '/providers/courses/:id', tag: S, summary: 'Reordenar as disciplinas de um curso do fornecedor (a ordem inteira)',
    access: COURSE_PROVIDER_TYPES, params: courseIdParam, body: reorderBody, response: courseMoveReply,
  }),
  providerAddItem: defineRoute({
    method: 'POST', path: '/providers/course-items/', tag: S, summary: 'Adicionar uma disciplina do fornecedor a um curso',
    access: COURSE_PROVIDER_TYPES, body: addCourseItemBody, response: courseMoveReply,
  }),
  providerRemoveItem: defineRoute({
    method: 'DELETE', path: '/providers/course-items/:id', tag: S, summary: 'Tirar uma disciplina de um curso do fornecedor',
    access: COURSE_PROVIDER_TYPES, params: courseIdParam, body: removeCourseItemBody, response: courseMoveReply,
  }),
} as const;

/** The two sides' routes, so one web page serves both (the provider side has no import). */
export const courseSides = {
  seller: {
    list: courseRoutes.list, detail: courseRoutes.detail, candidates: courseRoutes.candidates, create: courseRoutes.create,
    rename: courseRoutes.rename, remove: courseRoutes.remove, reorder: courseRoutes.reorder, addItem: courseRoutes.addItem,
    removeItem: courseRoutes.removeItem,
  },
  provider: {
    list: courseRoutes.providerList, detail: courseRoutes.providerDetail, candidates: courseRoutes.providerCandidates,
    create: courseRoutes.providerCreate, rename: courseRoutes.providerRename, remove: courseRoutes.providerRemove,
    reorder: courseRoutes.providerReorder, addItem: courseRoutes.providerAddItem, removeItem: courseRoutes.providerRemoveItem,
  },
} as const;
export type CourseSide = keyof typeof courseSides;

/** Which side of §7 a user type uses; null: none (no courses for it). */
export function courseSideOf(type: UserType): CourseSide | null {
  if ((COURSE_SELLER_READER_TYPES as readonly string[]).includes(type)) return 'seller';
  if ((COURSE_PROVIDER_TYPES as readonly string[]).includes(type)) return 'provider';
  return null;
}

/** May this user type change courses (create, rename, remove, reorder, add/remove subjects)? */
export const canEditCourses = (type: UserType) =>
  (COURSE_SELLER_WRITER_TYPES as readonly string[]).includes(type) || (COURSE_PROVIDER_TYPES as readonly string[]).includes(type);
export const canImportCourses = (type: UserType) => (COURSE_IMPORTER_TYPES as readonly string[]).includes(type);

/** The name of an imported copy: '<name> (cópia)', cut so it stays within the name limit. */
export const copyName = (name: string) => `${name.slice(0, LIMITS.nameMax - COURSE_MSG.copySuffix.length)}${COURSE_MSG.copySuffix}`;
