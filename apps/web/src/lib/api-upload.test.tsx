/**
 * callUpload: an upload through XMLHttpRequest (the one browser API that reports upload progress), with the same
 * bearer token, Idempotency-Key and errors as `call`, reporting its percentage and cancelled by its signal.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { galleriesRoutes } from '@edu/shared/galleries';
import { IDEMPOTENCY_HEADER } from '@edu/shared/contract';
import { ApiError, callUpload, isAbort, type UploadProgress } from './api';
import { session } from './session';

type Handler = ((e: ProgressEvent) => void) | null;

/** A stand-in XMLHttpRequest driven by the test: `sent` is the last request; `respond`, `progress`, `fail` drive it. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: Handler; onload: Handler } = { onprogress: null, onload: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.aborted = true;
    this.onabort?.({} as ProgressEvent);
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.upload.onload?.({} as ProgressEvent);
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.({} as ProgressEvent);
  }
}

const route = galleriesRoutes.uploadImages;
const file = () => new File([new Uint8Array(10)], 'capa.png', { type: 'image/png' });

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
  session.clear();
});

describe('callUpload', () => {
  it('sends the file with the bearer token and an Idempotency-Key, reports its percentage, and answers the reply', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    session.start('tok-up', { id: 1, name: 'A', email: 'a@b.c', type: 'provider' } as never);
    const seen: UploadProgress[] = [];
    const done = callUpload(route, { params: { id: 7 }, file: file(), fileField: 'images', onProgress: (p) => seen.push(p) });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/galleries/upload/images/7']);
    expect(xhr.headers.authorization).toBe('Bearer tok-up');
    expect(xhr.headers[IDEMPOTENCY_HEADER.toLowerCase()]).toMatch(/^[0-9a-f-]{36}$/);
    expect((xhr.body as FormData).get('images')).toBeInstanceOf(File);
    xhr.progress(25, 100);
    xhr.progress(999, 1000);
    xhr.respond(200, [{ id: 3, filename: 'capa.png', url: '/uploads/images/x.png' }]);
    await expect(done).resolves.toEqual([{ id: 3, filename: 'capa.png', url: '/uploads/images/x.png' }]);
    // 99 until the body is all sent; then 100 and `sent`.
    expect(seen.map((p) => [p.percent, p.sent])).toEqual([
      [25, false],
      [99, false],
      [100, true],
    ]);
  });

  it("refuses with the server's pt-BR message, as call does", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const done = callUpload(route, { params: { id: 7 }, file: file() });
    FakeXhr.last!.respond(413, { statusCode: 413, code: 'FILE_TOO_LARGE', message: 'Arquivo maior do que 30 MB.' });
    const err = (await done.catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.message]).toEqual([413, 'FILE_TOO_LARGE', 'Arquivo maior do que 30 MB.']);
  });

  it('is cancelled by its signal: the request is aborted and the promise rejects with an AbortError', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const done = callUpload(route, { params: { id: 7 }, file: file(), signal: controller.signal });
    FakeXhr.last!.progress(10, 100);
    controller.abort();
    const err = await done.catch((e: unknown) => e);
    expect(isAbort(err)).toBe(true);
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});
