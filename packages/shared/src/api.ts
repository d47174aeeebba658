/** Every route of the API, by domain. The permission-matrix test walks this object. */
import { authRoutes } from './auth';
import { knowledgeRoutes } from './knowledge';
import { systemRoutes } from './system';
import { usersRoutes } from './users';
import { teamRoutes } from './team';
import { sellersRoutes } from './institutions';
import { providersRoutes } from './providers';
import { lmsRoutes } from './lms';
import { reportsRoutes } from './reports';
import { unitsReportRoutes } from './units-report';
import { financialReportRoutes } from './financial-report';
import { accessReportsRoutes } from './access-reports';
import { aiRoutes } from './ai';
import { notificationsRoutes } from './notifications';
import { tagsRoutes, unitsRoutes } from './units';
import { galleriesRoutes } from './galleries';
import { reviewsRoutes } from './reviews';
import { feedbackRoutes } from './feedback';
import { servicesRoutes } from './services';
import { institutionsRoutes } from './institutions';
import { ltiRoutes } from './lti';
import { ltiToolRoutes } from './lti-tool';
import { plansRoutes } from './plans';
import { providerIncomeRoutes } from './provider-income';
import { storeRoutes } from './store';
import { sellerRentsRoutes } from './rents';
import { catalogueRoutes } from './catalogue';
import { packagesRoutes } from './packages';
import { shareLinksRoutes } from './share-links';
import { subjectsRoutes } from './subjects';
import { courseRoutes } from './courses';
import { studentRoutes } from './student';
import { lmsExportsRoutes } from './lms-exports';
import { dashboardRoutes } from './dashboard';
import { chargesRoutes } from './charges';
import { chargePaymentRoutes } from './charge-payments';

export const API = {
  system: systemRoutes,
  auth: authRoutes,
  knowledge: knowledgeRoutes,
  users: usersRoutes,
  team: teamRoutes,
  sellers: sellersRoutes,
  providers: providersRoutes,
  lms: lmsRoutes,
  reports: reportsRoutes,
  unitsReport: unitsReportRoutes,
  financialReport: financialReportRoutes,
  accessReports: accessReportsRoutes,
  ai: aiRoutes,
  notifications: notificationsRoutes,
  units: unitsRoutes,
  tags: tagsRoutes,
  galleries: galleriesRoutes,
  reviews: reviewsRoutes,
  feedback: feedbackRoutes,
  services: servicesRoutes,
  institutions: institutionsRoutes,
  lti: ltiRoutes,
  ltiTool: ltiToolRoutes,
  plans: plansRoutes,
  providerIncome: providerIncomeRoutes,
  store: storeRoutes,
  sellerRents: sellerRentsRoutes,
  catalogue: catalogueRoutes,
  packages: packagesRoutes,
  shareLinks: shareLinksRoutes,
  subjects: subjectsRoutes,
  courses: courseRoutes,
  student: studentRoutes,
  lmsExports: lmsExportsRoutes,
  dashboard: dashboardRoutes,
  charges: chargesRoutes,
  chargePayments: chargePaymentRoutes,
} as const;

export const ALL_ROUTES = Object.values(API).flatMap((group) => Object.values(group));
