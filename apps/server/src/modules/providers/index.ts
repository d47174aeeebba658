/** The providers module's front door: what other modules, app.ts and main.ts may use of it. */
export { providersModule } from './providers.routes';
export { insertProvider } from './provider-writes';
