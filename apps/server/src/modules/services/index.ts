/** The services module's front door: what other modules, app.ts and main.ts may use of it. */
export { servicesModule } from './services.routes';
