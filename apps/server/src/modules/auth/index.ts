/** The auth module's front door: what other modules, app.ts and main.ts may use of it. */
export { authModule } from './auth.routes';
