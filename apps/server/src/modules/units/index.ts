/** The units module's front door: what other modules, app.ts and main.ts may use of it. */
export { knowledgeModule } from './knowledge.routes';
export { unitLifecycle } from './lifecycle';
export { importStoredImages } from './stored-images';
export { groupedUnits, type GroupScope } from './grouped-units';
export type { GroupedUnit } from './grouped-units';
export { unitsModule } from './units.routes';
export { checkKnowledge, LISTED_CONTENT, UNITS_MSG } from './unit-rules';
export { unitsService } from './units.service';
export { addPopularity } from './unit-writes';
export { knowledgeAreasOf } from './unit-rows';
