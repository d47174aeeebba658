/** The courses module's front door: what other modules, app.ts and main.ts may use of it. */
export { courseImportWorker } from './course-import';
export { coursesModule } from './courses.routes';
export type { CourseImportedEvent, CourseImportFailedEvent } from './events';
