import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications, notificationsStore } from '@mantine/notifications';
import { MSG } from '@edu/shared/messages';
import { systemRoutes } from '@edu/shared/system';
import { ApiError, IDEMPOTENT_RETRY, call, fileNameOf } from './api';
import { UNAVAILABLE_TOAST_ID } from './api-session';
import { storeRoutes } from '@edu/shared/store';
import { session } from './session';

describe('fileNameOf (Content-Disposition of downloads)', () => {
  it('prefers the exact UTF-8 name over the ASCII fallback', () => {
    expect(fileNameOf(`attachment; filename="Relatorio-de-postagem.csv"; filename*=UTF-8''Relat%C3%B3rio-de-postagem.csv`)).toBe('Relatório-de-postagem.csv');
  });

  it('falls back to the ASCII name, and to nothing', () => {
    expect(fileNameOf('attachment; filename="unidade_1.zip"')).toBe('unidade_1.zip');
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''%E0%A4%A`)).toBe('a.csv');
    expect(fileNameOf('')).toBeUndefined();
  });
});

describe('call: a 503 (the database restarting)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    session.clear();
  });

  it("keeps the session, shows the server's pt-BR words once however many calls fail, and rejects with the 503", async () => {
    session.start('tok-503', { id: 1, name: 'A', email: 'a@b.c', type: 'seller' } as never);
    const body = { statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: MSG.serviceUnavailable };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 503, headers: { 'content-type': 'application/json' } })));
    const shown = vi.spyOn(notifications, 'show');
    const results = await Promise.allSettled([call(systemRoutes.config), call(systemRoutes.config)]);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      const err = (r as PromiseRejectedResult).reason as ApiError;
      expect(err).toBeInstanceOf(ApiError);
      expect(err.status).toBe(503);
      expect(err.code).toBe('DATABASE_UNAVAILABLE');
    }
    expect(session.token()).toBe('tok-503');
    expect(shown).toHaveBeenCalledTimes(2);
    for (const [data] of shown.mock.calls) expect(data).toMatchObject({ id: UNAVAILABLE_TOAST_ID, message: MSG.serviceUnavailable, title: MSG.serviceUnavailableTitle });
    // Mantine shows a repeated id once.
    expect(notificationsStore.getState().notifications.filter((n) => n.id === UNAVAILABLE_TOAST_ID)).toHaveLength(1);
  });
});

describe('call: an idempotent write sends one Idempotency-Key per submission', () => {
  const delays = IDEMPOTENT_RETRY.delaysMs;
  beforeEach(() => {
    IDEMPOTENT_RETRY.delaysMs = [0, 0];
  });
  afterEach(() => {
    IDEMPOTENT_RETRY.delaysMs = delays;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const keyOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string>)['idempotency-key'];
  const body = { sellerId: 1, paymentMethod: 1 };

  it('reuses the key when it sends the same submission again (network failure, 503, still running), and uses a new one for the next', async () => {
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json(503, { statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: MSG.serviceUnavailable }),
      () => json(200, { message: 'ok' }),
      () => json(409, { statusCode: 409, code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: MSG.idempotencyKeyInProgress }),
      () => json(200, { message: 'ok' }),
    ];
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answers.shift()!());
    vi.stubGlobal('fetch', fetchMock);

    await call(storeRoutes.requestPayment, { body });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const firstKeys = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    expect(firstKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(firstKeys).size).toBe(1);

    await call(storeRoutes.requestPayment, { body });
    expect(fetchMock).toHaveBeenCalledTimes(5);
    const nextKeys = fetchMock.mock.calls.slice(3).map(([, init]) => keyOf(init));
    expect(nextKeys[0]).toBe(nextKeys[1]);
    expect(nextKeys[0]).not.toBe(firstKeys[0]);
  });

  it('does not send a refused submission again (422, 400), and gives up after its retries with the last error', async () => {
    const fetchMock = vi.fn(async () => json(422, { statusCode: 422, code: 'IDEMPOTENCY_KEY_REUSED', message: MSG.idempotencyKeyReused }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(storeRoutes.requestPayment, { body })).rejects.toMatchObject({ status: 422, message: MSG.idempotencyKeyReused });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', down);
    await expect(call(storeRoutes.requestPayment, { body })).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(down).toHaveBeenCalledTimes(3);
  });

  it('sends no key on a route without the flag, and never repeats it', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(503, { statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: MSG.serviceUnavailable }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(systemRoutes.config)).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(keyOf(fetchMock.mock.calls[0]![1])).toBeUndefined();
  });
});
