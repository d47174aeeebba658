/**
 * Reading one uploaded file from a multipart request: the field name, a size limit (answered with the
 * caller's "too large" message, 413) and the real type checked by content (magic bytes), never by the
 * name or the browser's content type. `readImageUpload` is the 10 MB profile/institution image reader;
 * the galleries read 30 MB files of other kinds through `readUpload` with their own rules.
 */
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer, type FileTypeResult } from 'file-type';
import { MSG } from '@edu/shared/messages';
import { LIMITS } from '@edu/shared/limits';
import { badRequest, AppError } from './errors';
import { uploadRead } from './idempotency';

export interface UploadRules {
  /** Accepted multipart field names of the file. */
  fields: readonly string[];
  maxBytes: number;
  /**
   * The extension to store the bytes under, or undefined when the content is not accepted.
   * `type` is file-type's reading of the bytes (undefined when unknown).
   */
  accept(data: Buffer, type: FileTypeResult | undefined): string | undefined | Promise<string | undefined>;
  messages: { fail: string; tooLarge: string; notSupported: string };
}

export interface UploadedFile {
  data: Buffer;
  ext: string;
  /** The name the user's file had, as sent (not sanitized: see `displayFilename`). */
  filename: string;
  /** Text fields sent before the file. */
  fields: Record<string, string>;
}

export async function readUpload(request: FastifyRequest, rules: UploadRules): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest(rules.messages.fail);
  let file;
  try {
    // Per-request limits override the plugin's default (10 MB) in @fastify/multipart.
    file = await request.file({ limits: { fileSize: rules.maxBytes, files: 1 } });
  } catch {
    throw badRequest(rules.messages.fail);
  }
  if (!file || !rules.fields.includes(file.fieldname)) throw badRequest(rules.messages.fail);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch {
    throw new AppError(413, 'FILE_TOO_LARGE', rules.messages.tooLarge);
  }
  if (file.file.truncated || data.length > rules.maxBytes) throw new AppError(413, 'FILE_TOO_LARGE', rules.messages.tooLarge);
  if (data.length === 0) throw badRequest(rules.messages.notSupported);
  const type = await fileTypeFromBuffer(data).catch(() => undefined);
  const ext = await rules.accept(data, type);
  if (!ext) throw badRequest(rules.messages.notSupported);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(file.fields)) {
    const part = Array.isArray(value) ? value[0] : value;
    if (part && part.type === 'field' && typeof part.value === 'string') fields[name] = part.value;
  }
  // A keyed request of an idempotent route: the upload is its body (replayed or refused here when the key was used).
  uploadRead({ field: file.fieldname, filename: file.filename ?? '', data, fields });
  return { data, ext, filename: file.filename ?? '', fields };
}

const IMAGE_EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' };

/** jpg, png or gif by content; undefined otherwise. */
export const imageExt = (type: FileTypeResult | undefined): string | undefined => (type ? IMAGE_EXT[type.mime] : undefined);

/** The profile, institution and template images: jpg, png or gif up to 10 MB (field `images`). */
export async function readImageUpload(request: FastifyRequest, maxBytes: number = LIMITS.imageUploadBytes): Promise<{ data: Buffer; ext: string }> {
  const { data, ext } = await readUpload(request, {
    fields: ['images'],
    maxBytes,
    accept: (_data, type) => imageExt(type),
    messages: { fail: MSG.uploadFail, tooLarge: MSG.imageTooLarge, notSupported: MSG.imageNotSupported },
  });
  return { data, ext };
}

/**
 * A user's file name made safe to show: no folders (some browsers send 'C:\fakepath\…'), no control
 * characters, spaces collapsed, NFC, at most 200 characters; `fallback` when nothing remains.
 */
export function displayFilename(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>"]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean || clean === '.' || clean === '..') return fallback;
  return Array.from(clean).slice(0, 200).join('');
}
