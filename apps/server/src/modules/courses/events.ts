/**
 * The courses module's domain events (platform/domain-events.ts): the end of an 'Importar Curso' job, emitted in the
 * transaction that marks the import done (with the copy) or failed (after the copy rolled back).
 */

/** The course was copied into the institution. */
export interface CourseImportedEvent {
  name: 'course.imported';
  importId: number;
  sellerId: number;
  /** Who asked for the import. */
  requestedBy: number;
  /** The institution's new course and its name. */
  courseId: number;
  courseName: string;
  /** Units left out (not published, or of a provider the institution does not actively rent). */
  skippedUnits: number;
}

/** The import failed; `message` is the pt-BR reason the requester reads. */
export interface CourseImportFailedEvent {
  name: 'course.import_failed';
  importId: number;
  sellerId: number;
  requestedBy: number;
  message: string;
}

declare module '../../platform/domain-events' {
  interface DomainEventMap {
    'course.imported': CourseImportedEvent;
    'course.import_failed': CourseImportFailedEvent;
  }
}
