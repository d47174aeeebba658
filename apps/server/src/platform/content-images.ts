/**
 * External images of stored rich text (unit content, notice templates) become files of our own storage when the content
 * is saved, so no reader's browser ever calls a host an author chose (a tracking pixel): each distinct http(s) image
 * address is fetched ONCE from the server (public-fetch.ts: public addresses only, pinned, at most 3 redirects, a
 * deadline), must be a JPG, PNG or GIF by content (file-type, as uploads) of at most the upload limit
 * (LIMITS.imageUploadBytes), and is stored under `content-images/<sha-256 of the bytes>.<ext>` — the same image saved
 * twice is one file. The content keeps `/uploads/<key>`. Any image that cannot be imported refuses the whole save
 * (400 naming the image and why); nothing is stored in the database then (a file already written stays, unreferenced,
 * like an upload never used).
 */
import crypto from 'node:crypto';
import type net from 'node:net';
import { fileTypeFromBuffer } from 'file-type';
import { LIMITS } from '@edu/shared/limits';
import { AppError } from './errors';
import { imageExt } from './uploads';
import { uploadUrl, type Storage } from './storage';
import { fetchPublic, FetchRefused, type FetchFailure } from './public-fetch';

export const CONTENT_IMAGES_FOLDER = 'content-images';
/** Distinct external images one save may import. */
export const MAX_IMPORTS_PER_SAVE = 40;
const PARALLEL = 4;

const REASON: Record<FetchFailure | 'type', string> = {
  url: 'o endereço não é válido',
  address: 'o endereço não é de um site público da internet',
  timeout: 'o site não respondeu a tempo',
  tooLarge: `o arquivo passa de ${LIMITS.imageUploadBytes / (1024 * 1024)} MB`,
  status: 'o site não entregou a imagem',
  unavailable: 'o site não está disponível agora (tente de novo mais tarde)',
  redirects: 'o site redirecionou vezes demais',
  network: 'o site não pôde ser acessado',
  type: 'o arquivo não é uma imagem JPG, PNG ou GIF',
};

/** The address as shown in a message: at most 120 characters. */
const shown = (url: string) => (url.length > 120 ? `${url.slice(0, 117)}…` : url);

export const CONTENT_IMAGE_MSG = {
  failed: (url: string, reason: FetchFailure | 'type') =>
    `Não foi possível importar a imagem ${shown(url)}: ${REASON[reason]}. Envie a imagem pela galeria ou use outro endereço; nada foi salvo.`,
  tooMany: `Esta alteração traz mais de ${MAX_IMPORTS_PER_SAVE} imagens de outros sites. Envie as imagens pela galeria ou salve em partes.`,
} as const;

/** The 400 of an image that could not be imported, with the reason (a pass over older content retries the transient ones). */
export class ImageImportFailed extends AppError {
  constructor(
    readonly url: string,
    readonly reason: FetchFailure | 'type',
  ) {
    super(400, 'IMAGE_IMPORT_FAILED', CONTENT_IMAGE_MSG.failed(url, reason));
  }
}

export interface ImageImportSettings {
  timeoutMs: number;
  allowedNetworks: net.BlockList;
}

export type ImageImporter = (urls: Iterable<string>) => Promise<Map<string, string>>;

/** Imports external image addresses; answers each address's `/uploads/` address, or throws the 400 of the first failure. */
export function imageImporter(storage: Storage, settings: ImageImportSettings): ImageImporter {
  async function importOne(url: string): Promise<string> {
    let data: Buffer;
    try {
      ({ data } = await fetchPublic(url, {
        maxBytes: LIMITS.imageUploadBytes,
        timeoutMs: settings.timeoutMs,
        maxRedirects: 3,
        allowedNetworks: settings.allowedNetworks,
      }));
    } catch (err) {
      if (err instanceof FetchRefused) throw new ImageImportFailed(url, err.reason);
      throw err;
    }
    const ext = imageExt(await fileTypeFromBuffer(data).catch(() => undefined));
    if (!ext) throw new ImageImportFailed(url, 'type');
    const key = `${CONTENT_IMAGES_FOLDER}/${crypto.createHash('sha256').update(data).digest('hex')}.${ext}`;
    if ((await storage.size(key)) !== data.length) await storage.put(key, data);
    return uploadUrl(key);
  }

  return async (urls) => {
    const distinct = [...new Set(urls)];
    if (distinct.length > MAX_IMPORTS_PER_SAVE) throw new AppError(400, 'IMAGE_IMPORT_FAILED', CONTENT_IMAGE_MSG.tooMany);
    const out = new Map<string, string>();
    let next = 0;
    const worker = async () => {
      while (next < distinct.length) {
        const url = distinct[next++]!;
        out.set(url, await importOne(url));
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, distinct.length) }, worker));
    return out;
  };
}
