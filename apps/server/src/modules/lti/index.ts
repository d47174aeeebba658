/** The lti module's front door: what other modules, app.ts and main.ts may use of it. */
export { startLtiCleanup } from './lti-cleanup';
export { ltiConnectionsModule } from './lti-connections.routes';
export { ltiFraming } from './lti-framing';
export { ltiScoresWorker } from './lti-grades';
export { revokeLtiKey, rotateLtiKey } from './lti-keys';
export { ltiToolModule } from './lti.routes';
