/**
 * Every `code` the server answers in its error shape `{ statusCode, code, message, fields? }`: the server's
 * AppError takes an ErrorCode (so a throw site's literal is checked), and the web's ApiError.code is one (so a
 * check against a code the server never sends fails typecheck). A test scans the server for codes missing here
 * and for codes here that nothing uses.
 *
 * Fastify's own 4xx refusals reach the client with Fastify's code; the ones the server names are listed below,
 * and the error shape keeps `code: z.string()` so a client reads a code it does not know (a newer server's).
 */
export const ERROR_CODES = [
  // General refusals: platform/errors helpers, the schema validation and the error handler's own answers.
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INTERNAL',
  'RATE_LIMITED',
  'DATABASE_UNAVAILABLE',
  'CONCURRENT_CHANGE',

  // Request bodies: text PostgreSQL cannot store, uploads too large, and Fastify's refusals of a body.
  'NUL_CHARACTER',
  'INVALID_UNICODE',
  'FILE_TOO_LARGE',
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',

  // Idempotent writes (the Idempotency-Key header).
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  'IDEMPOTENCY_KEY_REUSED',

  // Sign-in and accounts.
  'USER_INACTIVE',
  'SELLER_MISSING',
  'PASSWORD_CHANGE_REQUIRED',
  'EMAIL_IN_USE',
  'NO_OWNER',

  // Units: the lifecycle table (unit-lifecycle.ts) and the saves of the editor.
  'BAD_STATUS_MOVE',
  'UNIT_LOCKED',
  'UNIT_TRASHED',
  'NOT_TRASHED',
  'NOT_SENT',
  'MOVE_REFUSED',
  'PROVIDER_NOT_APPROVED',
  'UNIT_INCOMPLETE',
  'UNDER_REVIEW',
  'UPDATE_PENDING',
  'STALE_UNIT',
  'IMAGE_IMPORT_FAILED',

  // Reviews and their feedback.
  'REVIEW_CLOSED',
  'FEEDBACK_MOVE_REFUSED',

  // Subjects and courses.
  'SUBJECT_FULL',
  'ALREADY_IN_SUBJECT',
  'CATEGORY_EXISTS',
  'REORDER_STALE',
  'COURSE_ALREADY_IMPORTED',

  // Store and rents: the cart and the rent machine (rent-machine.ts).
  'CART_CHANGED',
  'DUPLICATE_CART_ITEM',
  'NOT_RENTABLE',
  'NO_PLAN',
  'NO_PRICE',
  'RENT_ALREADY_ASSOCIATED',
  'RENT_SAME_PLAN',
  'RENT_FORBIDDEN',
  'RENT_FINAL',
  'RENT_SAME_STATUS',
  'RENT_CANCEL_ALREADY_REQUESTED',

  // Charges: the charge machine (charge-machine.ts).
  'CHARGE_FORBIDDEN',
  'CHARGE_WRONG_STATUS',
  'CHARGE_NOT_DUE',

  // Galleries: the stock image search.
  'STOCK_DISABLED',
  'STOCK_ERROR',

  // AI assistance.
  'AI_NOT_CONFIGURED',
  'AI_RESTRICTED',
  'AI_TIMEOUT',
  'AI_PROVIDER_ERROR',

  // Share links and their students (student.ts: STUDENT_TOKEN_CODES).
  'LINK_INVALID',
  'LINK_EXPIRED',
  'LINK_REVOKED',
  'LINK_UNAVAILABLE',
  'STUDENT_TOKEN_REQUIRED',
  'STUDENT_TOKEN_INVALID',
  'STUDENT_TOKEN_EXPIRED',
  'STUDENT_NAMED_BY_LINK',
  'STUDENT_IDENTITIES_LIMITED',
  'STUDENT_QUESTIONS_LIMIT',

  // The LMS API and its keys.
  'LMS_KEY_MISSING',
  'LMS_KEY_INVALID',
  'LMS_UNIT_NOT_RENTED',

  // LTI launches, deep linking, grades and connections.
  'LTI_REFUSED',
  'LTI_SESSION_MISSING',
  'LTI_SESSION_INVALID',
  'LTI_INSTITUTION_INACTIVE',
  'LTI_NO_GRADES',
  'LTI_DUPLICATE',
  'LTI_DUPLICATE_ELSEWHERE',
  'LTI_DEPLOYMENT_DUPLICATE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether `code` (a server's answer, read as text) is one of ERROR_CODES. */
export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && KNOWN.has(code);
