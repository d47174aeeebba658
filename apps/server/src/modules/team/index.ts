/** The team module's front door: what other modules, app.ts and main.ts may use of it. */
export { teamModule } from './team.routes';
