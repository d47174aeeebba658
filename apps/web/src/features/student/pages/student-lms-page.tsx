/**
 * LMS_VIEWER_PATH (`/student/lms?token=…`): the student viewer as an LMS opens it — in the frame of a SCORM
 * package's SCO, or from a cartridge's web link. The server lets other sites frame this page only (app.ts). It opens at
 * `&page=` (an attempt resumed) and reports the reading's progress to the SCO when one listens (lms-bridge.ts).
 */
import { useMemo, useState } from 'react';
import { LMS_PAGE_PARAM } from '@edu/shared/lms-exports';
import { StudentFrame } from '../components/student-frame';
import { LmsReaderContext, resumePage, useLmsBridge } from '../lms-bridge';
import { useSearchParams } from '../location';
import { StudentLink } from './student-link-page';

export default function StudentLmsPage() {
  const [params] = useSearchParams();
  // The page to start at is read once: moving through the unit later does not reopen it.
  const [initialPage] = useState(() => resumePage(params.get(LMS_PAGE_PARAM)));
  const report = useLmsBridge();
  const reader = useMemo(() => ({ report, initialPage }), [report, initialPage]);
  return (
    <StudentFrame>
      <LmsReaderContext.Provider value={reader}>
        <StudentLink />
      </LmsReaderContext.Provider>
    </StudentFrame>
  );
}
