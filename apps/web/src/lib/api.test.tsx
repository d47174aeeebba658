import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications, notificationsStore } from '@mantine/notifications';
import { MSG } from '@edu/shared/messages';
import { systemRoutes } from '@edu/shared/system';
import { ApiError, UNAVAILABLE_TOAST_ID, call, fileNameOf } from './api';
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

describe('call: a 503 (the database restarting, issue 15)', () => {
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
