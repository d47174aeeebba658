/**
 * 'Relatar Problema''s one write, apart from feedback-api.ts (the staff's report, with the query library): the dialog is
 * also the student viewer's, which loads neither.
 */
import type { Body } from '@edu/shared/contract';
import { feedbackRoutes, type ProblemCategory } from '@edu/shared/feedback';
import { call } from '../../lib/api';

export const reportProblem = (body: Body<typeof feedbackRoutes.report>) => call(feedbackRoutes.report, { body });

/** What the problem dialog sends when a `send` is given instead of the session's call. */
export type ProblemReportSender = (report: { error_type: ProblemCategory; error_description: string }) => Promise<unknown>;

export type ProblemReport = {
  unit: { id: number; title: string };
  /** The signed-in reader's name, if any. */
  reporterName: string | null;
  error_type: ProblemCategory;
  error_description: string;
};

/**
 * 'Relatar Problema': by the session (no student), or by `sender` (the student viewer, with the share link). A plain
 * function, not a query-library hook: the dialog is also the student viewer's, which loads no query library.
 */
export function sendProblemReport(sender: ProblemReportSender | undefined, { unit, reporterName, error_type, error_description }: ProblemReport): Promise<unknown> {
  return sender
    ? sender({ error_type, error_description })
    : reportProblem({
        itemFeedback: {
          ...(reporterName ? { name: reporterName.slice(0, 200) } : {}),
          unit_id: unit.id,
          unit_name: unit.title.slice(0, 300),
          error_type,
          error_description,
          student_id: null,
        },
      });
}
