/**
 * The LMS exports' routes: files answered as they are (no JSON), never cached, with the
 * number of units a cartridge left out in CARTRIDGE_SKIPPED_HEADER.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CARTRIDGE_SKIPPED_HEADER, lmsExportsRoutes as R } from '@edu/shared/lms-exports';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { lmsExportsService, type ExportFile } from './lms-exports.service';

/** An attachment name for Content-Disposition: ASCII as given (ours are), anything else replaced. */
const attachment = (name: string) => `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`;

function sendFile(reply: FastifyReply, file: ExportFile) {
  reply
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'private, no-store')
    .header(CARTRIDGE_SKIPPED_HEADER, String(file.skipped))
    .type(file.contentType);
  return file.data as never;
}

export function lmsExportsModule(app: FastifyInstance, deps: Deps) {
  const exports = lmsExportsService(deps);
  registerRoute(app, deps, R.scorm, async ({ auth, params, body, reply }) => sendFile(reply, await exports.scorm(auth, params.id, body.subjectId)));
  registerRoute(app, deps, R.subjectCartridge, async ({ auth, params, reply }) => sendFile(reply, await exports.subjectCartridge(auth, params.id)));
  registerRoute(app, deps, R.courseCartridge, async ({ auth, params, reply }) => sendFile(reply, await exports.courseCartridge(auth, params.id)));
}
