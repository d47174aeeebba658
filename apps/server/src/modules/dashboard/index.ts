/** The dashboard module's front door: what other modules, app.ts and main.ts may use of it. */
export { dashboardModule } from './dashboard.routes';
