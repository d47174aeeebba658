/**
 * The route table of spec 1 §2.1 and §2.8: one lazy page per route. Public pages redirect to
 * /dashboard when signed in; everything else needs a session. Unknown paths go to /dashboard when
 * signed in and to / when signed out.
 */
import { createBrowserRouter, Navigate } from 'react-router';
import { RequireAuth, PublicOnly, FallbackRedirect } from './guards';
import { RouteError } from './route-error';
import { PageLoader } from '../ui/page-loader';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: '/', lazy: page(() => import('../features/auth/pages/login-page')) },
          { path: '/signup', lazy: page(() => import('../features/auth/pages/provider-signup-page')) },
          { path: '/signup/seller', lazy: page(() => import('../features/auth/pages/seller-signup-page')) },
          { path: '/forgot-password', lazy: page(() => import('../features/auth/pages/forgot-password-page')) },
        ],
      },
      // Reachable signed in or out: the links come from e-mails.
      { path: '/reset-password', lazy: page(() => import('../features/auth/pages/reset-password-page')) },
      { path: '/confirm-email', lazy: page(() => import('../features/auth/pages/confirm-email-page')) },
      // The LMS-key pages (spec 1 §2.1, §2.7): public, and usable signed in too.
      { path: '/lms-key', lazy: page(() => import('../features/lms/pages/lms-key-page')) },
      { path: '/docs/lms/key_generator', lazy: page(() => import('../features/lms/pages/lms-key-tutorial-page')) },
      // The student viewer (SHARE_LINK_PATH, LMS_VIEWER_PATH) is not a route here: it is a page of its own (student.html,
      // src/student-main.tsx), which the server answers for those paths; links to it load the whole page.
      // The LTI content picker: public, opened by an LMS deep-linking launch (LTI_DEEP_LINKING_PATH of shared/lti-tool.ts).
      { path: '/lti/deep-linking', lazy: page(() => import('../features/lti/pages/deep-linking-page')) },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shell/app-shell')).AppShellLayout }),
            children: [
              { path: '/dashboard', lazy: page(() => import('../features/dashboard/pages/dashboard-page')) },
              { path: '/dashboard/providers', lazy: page(() => import('../features/providers/pages/providers-admin-page')) },
              { path: '/dashboard/profile', lazy: page(() => import('../features/profile/pages/profile-page')) },
              { path: '/dashboard/my-team', lazy: page(() => import('../features/team/pages/my-team-page')) },
              { path: '/dashboard/settings', lazy: page(() => import('../features/settings/pages/settings-page')) },
              { path: '/dashboard/tutorials', lazy: page(() => import('../features/tutorials/pages/tutorials-page')) },
              { path: '/dashboard/logs-report', lazy: page(() => import('../features/reports/pages/logs-report-page')) },
              { path: '/dashboard/units-report', lazy: page(() => import('../features/reports/pages/units-report-page')) },
              { path: '/dashboard/access-report', lazy: page(() => import('../features/reports/pages/access-report-page')) },
              { path: '/dashboard/unit-access-report', lazy: page(() => import('../features/reports/pages/unit-access-report-page')) },
              { path: '/dashboard/financial-report', lazy: page(() => import('../features/reports/pages/financial-report-page')) },
              { path: '/dashboard/ia-activities', lazy: page(() => import('../features/ai/pages/ia-activities-page')) },
              { path: '/dashboard/notifications', lazy: page(() => import('../features/notifications/pages/notifications-page')) },
              { path: '/dashboard/my-units', lazy: page(() => import('../features/units/pages/my-units-page')) },
              { path: '/dashboard/my-units/update/:id', lazy: page(() => import('../features/units/pages/unit-update-page')) },
              { path: '/dashboard/units', lazy: page(() => import('../features/reviews/pages/staff-units-page')) },
              { path: '/dashboard/units/review/:id', lazy: page(() => import('../features/reviews/pages/review-page')) },
              { path: '/dashboard/units/item/:id', lazy: page(() => import('../features/reviews/pages/unit-preview-page')) },
              { path: '/dashboard/my-units/review/:id', lazy: page(() => import('../features/reviews/pages/author-review-page')) },
              { path: '/dashboard/feedback-report', lazy: page(() => import('../features/reviews/pages/feedback-report-page')) },
              { path: '/dashboard/my-services', lazy: page(() => import('../features/services/pages/my-services-page')) },
              { path: '/seller/control', lazy: page(() => import('../features/institutions/pages/institutions-page')) },
              { path: '/dashboard/plans', lazy: page(() => import('../features/plans/pages/plans-page')) },
              { path: '/dashboard/providers/plan/:providerId', lazy: page(() => import('../features/plans/pages/plans-page')) },
              { path: '/dashboard/providers-rents', lazy: page(() => import('../features/provider-income/pages/provider-rents-page')) },
              { path: '/dashboard/financeiro', lazy: page(() => import('../features/charges/pages/financeiro-page')) },
              { path: '/dashboard/financeiro/recibo/:id', lazy: page(() => import('../features/charges/pages/financeiro-receipt-page')) },
              { path: '/dashboard/charges', lazy: page(() => import('../features/charges/pages/staff-charges-page')) },
              { path: '/seller/store', lazy: page(() => import('../features/store/pages/store-page')) },
              { path: '/seller/store/provider/:id', lazy: page(() => import('../features/store/pages/store-provider-page')) },
              { path: '/seller/store/provider/:id/item/:idItem', lazy: page(() => import('../features/store/pages/store-unit-page')) },
              { path: '/seller/store-service', lazy: page(() => import('../features/store/pages/partners-page')) },
              { path: '/seller/store-service/provider/:id', lazy: page(() => import('../features/store/pages/partner-page')) },
              { path: '/seller/cart', lazy: page(() => import('../features/store/pages/cart-page')) },
              { path: '/seller/rents', lazy: page(() => import('../features/rents/pages/seller-rents-page')) },
              { path: '/seller/rented-units', lazy: page(() => import('../features/catalogue/pages/catalogue-page')) },
              { path: '/seller/rented-unit/item/:id', lazy: page(() => import('../features/catalogue/pages/catalogue-unit-page')) },
              { path: '/seller/rents-control/:sellerId', lazy: page(() => import('../features/rents/pages/rents-control-page')) },
              { path: '/seller/manage-subjects', lazy: page(() => import('../features/subjects/pages/subjects-page')) },
              { path: '/seller/subject/:id', lazy: page(() => import('../features/subjects/pages/subject-page')) },
              { path: '/seller/subject/:idSubject/item/:id/:idSubjectItem', lazy: page(() => import('../features/subjects/pages/subject-unit-page')) },
              { path: '/seller/courses', lazy: page(() => import('../features/courses/pages/courses-page')) },
              { path: '/seller/course/:id', lazy: page(() => import('../features/courses/pages/course-page')) },
              { path: '/dashboard/*', element: <Navigate to="/dashboard" replace /> },
              { path: '/seller/*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
          // The studio is a full-screen editor with its own top bar (spec 2 §2.8).
          { path: '/studio', lazy: page(() => import('../features/studio/pages/studio-page')) },
          { path: '/studio/:id', lazy: page(() => import('../features/studio/pages/studio-page')) },
        ],
      },
      { path: '*', element: <FallbackRedirect /> },
    ],
  },
]);
