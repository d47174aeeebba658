/** Business constants of spec 1 §9 (and the security limits the architecture sets). */
export const LIMITS = {
  toastMs: 5000,
  termsDialogDelayMs: 1000,
  latePaymentDays: 10,
  passwordMin: 6,
  imageUploadBytes: 10 * 1024 * 1024,
  notificationWindowDays: 5,
  incomeMonthsDefault: 6,
  recentRentsPerPage: 3,
  publishedUnitsPerPage: 10,
  providerReviewHours: 48,
  auditUserBatch: 10,
  wideBreakpointPx: 992,
  planTiersAtSignup: 3,
  aiQuestionTimeoutMs: 120000,
  templatePreviewChars: 100,
  templateEditorHeight: 400,
  /** Reset-password links live one hour. */
  resetTokenMs: 60 * 60 * 1000,
  /** E-mail confirmation links live seven days. */
  confirmTokenMs: 7 * 24 * 60 * 60 * 1000,
  /** Sessions expire after 7 days. */
  sessionMs: 7 * 24 * 60 * 60 * 1000,
  usersPageSizeDefault: 20,
  usersPageSizeMax: 100,
  nameMax: 200,
  emailMax: 254,
  passwordMax: 128,
  textMax: 5000,
  /** Free texts a user types, with the limits a reader of them expects. */
  unitTitleMax: 150,
  topicTitleMax: 150,
  authorNameMax: 150,
  /** One learning objective. */
  listItemMax: 500,
  /** One bibliographic reference. */
  referenceMax: 1000,
  /** 'O que está sendo atualizado' of a published unit. */
  updateMessageMax: 1000,
  /** Review comments and problem reports. */
  commentMax: 5000,
  /** Search boxes. */
  searchMax: 150,
} as const;

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
