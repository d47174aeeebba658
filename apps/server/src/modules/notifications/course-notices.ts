/**
 * The bell notices of the course imports (modules/courses/events.ts), run in the transaction that ends the import:
 * the requester is told the course was imported (and how many units were left out), or why it failed.
 */
import { COURSE_MSG } from '@edu/shared/courses';
import type { DomainEvents } from '../../platform/domain-events';
import { escapeHtml } from '../../platform/html';
import { notifyUsers } from './notify';

export function subscribeCourseNotices(events: DomainEvents): void {
  events.within('course.imported', async (tx, e) => {
    const note = e.skippedUnits ? ` ${escapeHtml(COURSE_MSG.importSkipped(e.skippedUnits))}` : '';
    await notifyUsers(tx, [e.requestedBy], `<p><strong>${escapeHtml(COURSE_MSG.imported)}</strong> Curso: ${escapeHtml(e.courseName)}.${note}</p>`);
  });
  events.within('course.import_failed', async (tx, e) => notifyUsers(tx, [e.requestedBy], `<p>${escapeHtml(e.message)}</p>`));
}
