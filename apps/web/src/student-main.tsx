/**
 * The student viewer's entry (student.html; served for SHARE_LINK_PATH and LMS_VIEWER_PATH): a page of its own,
 * apart from the app's, so a student on a phone loads no Mantine, no router and no session (docs/architecture.md,
 * "Web"; its budget in docs/performance.md).
 */
import './lib/zod-jitless';
import './features/student/viewer.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StudentViewer } from './features/student';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StudentViewer />
  </StrictMode>,
);
