/**
 * The student viewer as a page of its own (the `student.html` entry, not the app's router): share links at
 * SHARE_LINK_PATH and the LMS page at LMS_VIEWER_PATH. No Mantine, no router, no session, no query library: plain
 * elements (ui/basic), the address read from `location` (location.ts), reads and writes as React state (requests.ts).
 * Its writes tell their outcome in place (no toasts).
 */
import { LMS_VIEWER_PATH } from '@edu/shared/lms-exports';
import StudentLinkPage from './pages/student-link-page';
import StudentLmsPage from './pages/student-lms-page';

export function StudentViewer({ path = window.location.pathname }: { path?: string }) {
  return path === LMS_VIEWER_PATH ? <StudentLmsPage /> : <StudentLinkPage />;
}
