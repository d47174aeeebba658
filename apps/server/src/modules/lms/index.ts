/** The lms module's front door: what other modules, app.ts and main.ts may use of it. */
export { lmsApiModule } from './lms-api.routes';
export { lmsKeyModule } from './lms-key.routes';
