/**
 * Unit packages: the zip of ONE unit version (package-content.ts), built by a pg-boss job
 * (QUEUES.unitPackages) into storage and kept per version in `unit_packages` (queued → building → ready | failed, with
 * progress). A published or pinned version never changes, so a ready package is served as is to every later asker.
 *
 * Who (`requireDelivery`, also used by the review file): staff and the unit's provider users for any version they may
 * read (the gate's unit.read); an institution's users only while their institution is ACTIVE
 * (`requireActiveInstitution`), only if an admin granted it the feature (`sellers.grants`, else 403), and only for a
 * version the gate lets them read (an ACTIVE rent of the unit's provider, or a subject's pinned version; else 404).
 *
 * The zip is stored (platform/storage.ts) under the key packages/<random 128-bit name>, which never leaves the server:
 * it is downloaded only through the authenticated route, which asks the same question again (GET /uploads never
 * serves the packages folder).
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { isSellerType } from '@edu/shared/access';
import type { InstitutionGrant } from '@edu/shared/institutions';
import { PACKAGE_LIMITS, PACKAGE_MSG, PACKAGE_STALE_MS, packageFileName, type PackageState, type PackageStatus } from '@edu/shared/packages';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { QUEUES } from '../../platform/jobs';
import { keyOfUpload } from '../../platform/storage';
import { forbidden, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { requireAccess } from '../access/index';
import { requireActiveInstitution } from '../institutions/index';
import { itemContents, sellers, unitPackages } from '../../db/schema';
import { indexHtml, mediaPath, questionsEntry, unitJson, uploadsOf, type PackageVersion } from './package-content';

/**
 * THE delivery check (packages, review files): may `auth` take `grant`'s feature of version `contentId`?
 * 404 for a version the caller may not read (asked first), then 403 (`denied`) for an institution without the grant.
 */
export async function requireDelivery(ex: Executor, auth: AuthContext, contentId: number, grant: InstitutionGrant, denied: string): Promise<void> {
  const institution = isSellerType(auth.user.type) ? await requireActiveInstitution(ex, auth) : null;
  // The gate first: a version the caller may not read is 404 whatever its grants (as a missing one).
  await requireAccess(ex, auth, 'unit.read', contentId);
  if (institution) {
    const [row] = await ex.select({ grants: sellers.grants }).from(sellers).where(eq(sellers.id, institution.id));
    if (!row?.grants.includes(grant)) throw forbidden(denied);
  }
}

/** Files already compressed: stored, not deflated again. */
const STORED = /\.(png|jpe?g|gif|webp|avif|mp4|webm|mp3|m4a|ogg|zip|docx|xlsx|pptx|pdf)$/i;

type Row = typeof unitPackages.$inferSelect;

const stateOf = (itemContentId: number, row: Row | undefined): PackageState => ({
  itemContentId,
  status: (row?.status ?? 'none') as PackageStatus,
  progress: row?.progress ?? 0,
  size: row?.status === 'ready' ? (row.size ?? null) : null,
  fileName: packageFileName(itemContentId),
});

/**
 * A zip written as a stream (fflate's streaming writer) while entries are added one by one, each from bytes or from a
 * stream: `output` is what storage saves, consumed as it is produced (backpressure: adding waits while it is full).
 */
function zipStream() {
  const output = new PassThrough();
  let size = 0;
  let full = false;
  const zip = new Zip((err, chunk, final) => {
    if (err) return void output.destroy(err);
    size += chunk.length;
    if (!output.write(chunk)) full = true;
    if (final) output.end();
  });
  const drained = async () => {
    if (!full) return;
    full = false;
    if (output.writableNeedDrain) await once(output, 'drain');
  };
  const entryOf = (name: string) => {
    const entry = STORED.test(name) ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    return entry;
  };
  return {
    output,
    async add(name: string, data: Uint8Array) {
      entryOf(name).push(data, true);
      await drained();
    },
    /** An entry from a stream; answers its size. */
    async addStream(name: string, body: Readable): Promise<number> {
      const entry = entryOf(name);
      let bytes = 0;
      for await (const chunk of body) {
        bytes += (chunk as Uint8Array).length;
        entry.push(chunk as Uint8Array);
        await drained();
      }
      entry.push(new Uint8Array(0), true);
      return bytes;
    },
    end() {
      zip.end();
    },
    fail(err: Error) {
      zip.terminate();
      output.destroy(err);
    },
    get size() {
      return size;
    },
  };
}

export function unitPackagesService(deps: Deps) {
  const { db, jobs, storage } = deps;

  async function load(contentId: number): Promise<Row | undefined> {
    const [row] = await db.select().from(unitPackages).where(eq(unitPackages.itemContentId, contentId));
    return row;
  }

  async function setProgress(contentId: number, progress: number) {
    await db
      .update(unitPackages)
      .set({ progress: Math.max(0, Math.min(99, Math.round(progress))), updatedAt: new Date() })
      .where(and(eq(unitPackages.itemContentId, contentId), eq(unitPackages.status, 'building')));
  }

  /** The job: build the zip of version `contentId`, reporting progress, then keep it (ready) or say why not (failed). */
  async function build(contentId: number): Promise<void> {
    const [claimed] = await db
      .update(unitPackages)
      .set({ status: 'building', progress: 0, error: null, updatedAt: new Date() })
      .where(and(eq(unitPackages.itemContentId, contentId), eq(unitPackages.status, 'queued')))
      .returning({ id: unitPackages.itemContentId });
    if (!claimed) return; // built already, or asked again and claimed by another run
    let saved: string | null = null;
    try {
      const [c] = await db.select().from(itemContents).where(eq(itemContents.id, contentId));
      if (!c) throw new Error('version not found');
      const version: PackageVersion = {
        id: c.id,
        version: c.version,
        title: c.title,
        authors: c.authors,
        mediaUrl: c.mediaUrl,
        introduction: c.introduction,
        learningObjectives: c.learningObjectives,
        topics: c.topics,
        synthesis: c.synthesis,
        bibliographicReference: c.bibliographicReference,
        questions: c.questions,
        levelOfLearning: c.levelOfLearning,
      };
      const questions = questionsEntry(version.questions);
      const uploads = uploadsOf(version);
      if (uploads.length > PACKAGE_LIMITS.maxFiles) throw new Error(PACKAGE_MSG.tooLarge);
      const steps = uploads.length + 2;
      // The zip goes to storage as it is written: the package is never whole in memory, nor is any media file.
      const zip = zipStream();
      const saving = storage.save('packages', zip.output, 'zip');
      // Until `saving` is awaited below, its failure is reported there (not as an unhandled rejection).
      saving.catch(() => undefined);
      const packed = new Set<string>();
      let questionsFile: string | null = null;
      try {
        let step = 0;
        let mediaBytes = 0;
        for (const url of uploads) {
          // Content keeps addresses (/uploads/<key>); a file removed from the gallery since the version was written is
          // left out, its address stays as written.
          const file = await storage.stream(keyOfUpload(url) ?? '');
          if (file) {
            mediaBytes += file.size;
            if (mediaBytes > PACKAGE_LIMITS.maxBytes) {
              file.body.destroy();
              throw new Error(PACKAGE_MSG.tooLarge);
            }
            await zip.addStream(mediaPath(url), file.body);
            packed.add(url);
          }
          await setProgress(contentId, (++step / steps) * 90);
        }
        if (questions?.upload) {
          const file = await storage.stream(keyOfUpload(questions.upload) ?? '');
          if (file) {
            await zip.addStream(questions.name, file.body);
            questionsFile = questions.name;
          }
        } else if (questions?.link) {
          await zip.add(questions.name, strToU8(PACKAGE_MSG.questionLink(questions.link)));
          questionsFile = questions.name;
        }
        await setProgress(contentId, (++step / steps) * 90);
        await zip.add('unidade.json', strToU8(unitJson(version, packed)));
        await zip.add('index.html', strToU8(indexHtml(version, packed, questionsFile)));
        zip.end();
      } catch (err) {
        zip.fail(err as Error);
        throw err;
      }
      saved = await saving;
      const [ready] = await db
        .update(unitPackages)
        .set({ status: 'ready', progress: 100, storageKey: saved, size: zip.size, updatedAt: new Date() })
        .where(and(eq(unitPackages.itemContentId, contentId), eq(unitPackages.status, 'building')))
        .returning({ id: unitPackages.itemContentId });
      if (!ready) await storage.remove(saved);
    } catch (err) {
      if (saved) await storage.remove(saved);
      await db
        .update(unitPackages)
        .set({ status: 'failed', error: String((err as Error).message ?? err).slice(0, 500), updatedAt: new Date() })
        // Only this build's row: a build re-queued as lost meanwhile is not marked failed by a late failure.
        .where(and(eq(unitPackages.itemContentId, contentId), eq(unitPackages.status, 'building')));
    }
  }

  let started = false;

  return {
    build,

    /** Start the worker of the package queue (main.ts; tests start it themselves). */
    async start() {
      if (started) return;
      started = true;
      await jobs.work<{ itemContentId: number }>(QUEUES.unitPackages, (data) => build(data.itemContentId));
    },

    /**
     * Ask for the package of version `contentId`: answers its state; when there is none yet (or the last build failed,
     * or a build was lost), queues a build in the same transaction as the row.
     */
    async request(auth: AuthContext, contentId: number): Promise<PackageState> {
      await requireDelivery(db, auth, contentId, 'packages', PACKAGE_MSG.noGrant);
      const staleBefore = new Date(Date.now() - PACKAGE_STALE_MS);
      const row = await db.transaction(async (tx) => {
        const [queued] = await tx
          .insert(unitPackages)
          .values({ itemContentId: contentId, status: 'queued', progress: 0 })
          .onConflictDoUpdate({
            target: unitPackages.itemContentId,
            set: { status: 'queued', progress: 0, error: null, storageKey: null, size: null, updatedAt: new Date() },
            setWhere: or(
              eq(unitPackages.status, 'failed'),
              and(inArray(unitPackages.status, ['queued', 'building']), lt(unitPackages.updatedAt, staleBefore)),
            ),
          })
          .returning();
        if (queued) {
          await jobs.send(tx, QUEUES.unitPackages, { itemContentId: contentId });
          return queued;
        }
        const [current] = await tx.select().from(unitPackages).where(eq(unitPackages.itemContentId, contentId));
        return current;
      });
      return stateOf(contentId, row);
    },

    async status(auth: AuthContext, contentId: number): Promise<PackageState> {
      await requireDelivery(db, auth, contentId, 'packages', PACKAGE_MSG.noGrant);
      return stateOf(contentId, await load(contentId));
    },

    /**
     * The ready zip, streamed from storage (never read whole into memory); 404 while it is not ready (or its file is
     * gone: then it is queued again on the next ask).
     */
    async file(auth: AuthContext, contentId: number): Promise<{ data: Readable; size: number; fileName: string }> {
      await requireDelivery(db, auth, contentId, 'packages', PACKAGE_MSG.noGrant);
      const row = await load(contentId);
      const file = row?.status === 'ready' && row.storageKey ? await storage.stream(row.storageKey) : null;
      if (!file) {
        if (row?.status === 'ready') {
          await db
            .update(unitPackages)
            .set({ status: 'failed', error: 'file missing', updatedAt: new Date() })
            .where(and(eq(unitPackages.itemContentId, contentId), eq(unitPackages.status, 'ready')));
        }
        throw notFound(PACKAGE_MSG.failed);
      }
      return { data: file.body, size: file.size, fileName: packageFileName(contentId) };
    },
  };
}
