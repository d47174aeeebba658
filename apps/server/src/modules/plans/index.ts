/** The plans module's front door: what other modules, app.ts and main.ts may use of it. */
export { plansModule } from './plans.routes';
export { planNamesOf } from './plan-names';
