/** Reading an uploaded image: size limit, field name, and type checked by content (magic bytes). */
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { MSG } from '@edu/shared/messages';
import { LIMITS } from '@edu/shared/limits';
import { badRequest, AppError } from './errors';

const IMAGE_EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' };

export async function readImageUpload(request: FastifyRequest, maxBytes: number = LIMITS.imageUploadBytes): Promise<{ data: Buffer; ext: string }> {
  if (!request.isMultipart()) throw badRequest(MSG.uploadFail);
  let file;
  try {
    file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    throw badRequest(MSG.uploadFail);
  }
  if (!file || file.fieldname !== 'images') throw badRequest(MSG.uploadFail);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch {
    throw new AppError(413, 'FILE_TOO_LARGE', MSG.imageTooLarge);
  }
  if (file.file.truncated) throw new AppError(413, 'FILE_TOO_LARGE', MSG.imageTooLarge);
  const type = await fileTypeFromBuffer(data);
  const ext = type ? IMAGE_EXT[type.mime] : undefined;
  if (!ext) throw badRequest(MSG.imageNotSupported);
  return { data, ext };
}
