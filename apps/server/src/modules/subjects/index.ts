/** The subjects module's front door: what other modules, app.ts and main.ts may use of it. */
export { subjectsModule } from './subjects.routes';
export { ownerHead, ownerJudged, ownerOf } from './owner';
export type { Owner } from './owner';
export { rewritePositions } from './subject-rows';
export { insertSubject, insertSubjectItems, repinUnitInSubjects } from './subject-writes';
