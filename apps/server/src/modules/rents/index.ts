/** The rents module's front door: what other modules, app.ts and main.ts may use of it. */
export { openRent } from './rent-lifecycle';
export { sellerRentsModule } from './rents.routes';
