/** The provider-income module's front door: what other modules, app.ts and main.ts may use of it. */
export { providerIncomeModule } from './provider-income.routes';
