/** The catalogue module's front door: what other modules, app.ts and main.ts may use of it. */
export { catalogueModule } from './catalogue.routes';
export { catalogueService } from './catalogue.service';
