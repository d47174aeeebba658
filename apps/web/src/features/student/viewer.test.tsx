/**
 * The student viewer's page without a router or a query library: which page a path opens, the address as state
 * (`&unit=` pushed, back by popstate), a read retried after a failure that a retry may change, and a refusal shown
 * with its reason. Network through a stubbed fetch.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STUDENT_MSG } from '@edu/shared/student';
import { pushParams, useSearchParams } from './location';
import { StudentViewer } from './viewer';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const emptySubject = { kind: 'subject', sellerId: 1, studentId: 'aluno-1', expiresAt: null, subject: { id: 9, name: 'Cálculo I' }, units: [], lti: null };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('the student viewer', () => {
  it('refuses a share link without a token, with the reason, and asks the server nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/student/link');
    render(<StudentViewer />);
    expect(screen.getByRole('heading', { level: 1, name: STUDENT_MSG.refusedTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(STUDENT_MSG.noToken);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a refusal of the server with its words (400: no retry)', async () => {
    const fetchMock = vi.fn(async () => json(400, { statusCode: 400, code: 'VALIDATION', message: 'Link inválido.' }));
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/student/link?token=abc.def');
    render(<StudentViewer />);
    expect((await screen.findByRole('alert')).textContent).toBe('Link inválido.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/student/link/verify?token=abc.def');
  });

  it('retries a read the server failed (5xx), then shows what the link opens', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [json(503, { statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: 'Indisponível' }), json(200, emptySubject)];
    const fetchMock = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/student/lms?token=abc.def');
    render(<StudentViewer />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cálculo I' })).toBeTruthy();
    expect(screen.getByText(STUDENT_MSG.emptySubject)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the address as state: a pushed parameter is a history entry, and back returns to the one before', () => {
    window.history.replaceState(null, '', '/student/link?token=t&unit=1');
    function Unit() {
      const [params] = useSearchParams();
      return <p>unidade {params.get('unit')}</p>;
    }
    render(<Unit />);
    expect(screen.getByText('unidade 1')).toBeTruthy();
    act(() => pushParams(new URLSearchParams('token=t&unit=2')));
    expect(screen.getByText('unidade 2')).toBeTruthy();
    expect(window.location.search).toBe('?token=t&unit=2');
    act(() => {
      window.history.replaceState(null, '', '/student/link?token=t&unit=1');
      fireEvent(window, new PopStateEvent('popstate'));
    });
    expect(screen.getByText('unidade 1')).toBeTruthy();
  });
});
