/** Every route of the API, by domain. The permission-matrix test walks this object. */
import { authRoutes } from './auth';
import { systemRoutes } from './system';
import { usersRoutes } from './users';

export const API = {
  system: systemRoutes,
  auth: authRoutes,
  users: usersRoutes,
} as const;

export const ALL_ROUTES = Object.values(API).flatMap((group) => Object.values(group));
