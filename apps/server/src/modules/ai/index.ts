/** The ai module's front door: what other modules, app.ts and main.ts may use of it. */
export { aiModule } from './ai.routes';
export { aiConfigured, chatComplete } from './ai.service';
