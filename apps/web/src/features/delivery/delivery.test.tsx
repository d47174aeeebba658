/**
 * Delivery buttons: the package download's progress, its 30-second cooldown in steps of 5 (fake intervals),
 * its error state; who sees each button. The server is a stub of `fetch` answering the shared contract's shapes.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@edu/shared/auth';
import type { InstitutionGrant } from '@edu/shared/institutions';
import { PACKAGE_MSG, type PackageState } from '@edu/shared/packages';
import { SHARE_MSG } from '@edu/shared/share-links';
import { session } from '../../lib/session';
import { PackageDownloadButton, ReviewFileButton, ShareLinkButton } from './index';

const ID = 5;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const state = (status: PackageState['status'], progress: number): PackageState => ({ itemContentId: ID, status, progress, size: status === 'ready' ? 3 : null, fileName: `unidade_${ID}.zip` });

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>,
  );
}

const signInAs = (type: string, grants: InstitutionGrant[]) =>
  session.start('token', { id: 1, name: 'Ana', email: 'ana@exemplo.com.br', type, seller: { id: 7, status: 'active', grants } } as unknown as SessionUser);

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  notifications.clean();
  session.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PackageDownloadButton', () => {
  it('shows the build progress, downloads, then counts down 30, 25 … 5 every 5 s and re-enables after 30 s', async () => {
    signInAs('seller', ['packages']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === `/api/items/item/content/${ID}/package` && init?.method === 'POST') return json(state('building', 40));
        if (url === `/api/items/item/content/${ID}/package`) return json(state('ready', 100));
        if (url === `/api/items/item/content/${ID}/package/file`)
          return new Response(new Blob(['zip']), { headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="unidade_${ID}.zip"` } });
        return json({ statusCode: 404, code: 'NOT_FOUND', message: 'não' }, 404);
      }),
    );
    // Only the cooldown's interval is faked: the poll and the toasts keep real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    wrap(<PackageDownloadButton itemContentId={ID} />);
    fireEvent.click(screen.getByRole('button', { name: PACKAGE_MSG.download }));
    expect(await screen.findByRole('button', { name: PACKAGE_MSG.building(40) })).toBeTruthy();
    expect(await screen.findByText(PACKAGE_MSG.downloaded, {}, { timeout: 4000 })).toBeTruthy();
    expect(saved).toEqual([`unidade_${ID}.zip`]);
    await screen.findByRole('button', { name: PACKAGE_MSG.cooldown(30) });
    for (const seconds of [30, 25, 20, 15, 10, 5]) {
      const button = screen.getByRole('button', { name: PACKAGE_MSG.cooldown(seconds) }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      act(() => vi.advanceTimersByTime(5000));
    }
    const again = screen.getByRole('button', { name: PACKAGE_MSG.download }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
  });

  it('a failure shows the error state and the spec text; the button stays usable', async () => {
    signInAs('seller', ['packages']);
    vi.stubGlobal('fetch', vi.fn(async () => json({ statusCode: 500, code: 'X', message: 'falhou' }, 500)));
    wrap(<PackageDownloadButton itemContentId={ID} />);
    fireEvent.click(screen.getByRole('button', { name: PACKAGE_MSG.download }));
    expect(await screen.findByText(PACKAGE_MSG.failed)).toBeTruthy();
    const button = screen.getByRole('button', { name: PACKAGE_MSG.download }) as HTMLButtonElement;
    expect(button.title).toBe(PACKAGE_MSG.failed);
    expect(button.disabled).toBe(false);
    expect(saved).toEqual([]);
  });
});

describe('who sees the buttons', () => {
  it('an institution without grants sees neither the package nor the review button; granted, it sees both (its assistant only the package)', () => {
    signInAs('seller', []);
    const { unmount } = wrap(
      <>
        <PackageDownloadButton itemContentId={ID} />
        <ReviewFileButton itemContentId={ID} />
      </>,
    );
    expect(screen.queryByRole('button', { name: PACKAGE_MSG.download })).toBeNull();
    expect(screen.queryByRole('button', { name: PACKAGE_MSG.review })).toBeNull();
    unmount();
    signInAs('seller', ['packages', 'reviewFiles']);
    const granted = wrap(
      <>
        <PackageDownloadButton itemContentId={ID} />
        <ReviewFileButton itemContentId={ID} />
      </>,
    );
    expect(screen.getByRole('button', { name: PACKAGE_MSG.download })).toBeTruthy();
    expect(screen.getByRole('button', { name: PACKAGE_MSG.review })).toBeTruthy();
    granted.unmount();
    // The assistant reads (the package) but does not spend the institution's AI quota (no review file).
    signInAs('seller_assistent', ['packages', 'reviewFiles']);
    wrap(
      <>
        <PackageDownloadButton itemContentId={ID} />
        <ReviewFileButton itemContentId={ID} />
      </>,
    );
    expect(screen.getByRole('button', { name: PACKAGE_MSG.download })).toBeTruthy();
    expect(screen.queryByRole('button', { name: PACKAGE_MSG.review })).toBeNull();
  });

  it('the assistant never sees the share button; the seller sees it, and the temporary link only with tempLinks', async () => {
    signInAs('seller_assistent', ['tempLinks']);
    const first = wrap(<ShareLinkButton kind="unit" id={3} />);
    expect(screen.queryByRole('button', { name: SHARE_MSG.copy })).toBeNull();
    first.unmount();
    signInAs('seller', []);
    const second = wrap(<ShareLinkButton kind="unit" id={3} />);
    fireEvent.click(screen.getByRole('button', { name: SHARE_MSG.copy }));
    expect(await screen.findByRole('menuitem', { name: SHARE_MSG.copy })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: SHARE_MSG.temporary })).toBeNull();
    second.unmount();
    signInAs('seller', ['tempLinks']);
    const writes: string[] = [];
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async (text: string) => void writes.push(text) } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        url === '/api/sellers/share-links/subject/3' && JSON.parse(String(init?.body)).temporary === true
          ? json({ url: 'http://x/student/link?token=t', token: 't', expiresAt: new Date().toISOString() })
          : json({ statusCode: 400, code: 'X', message: 'não' }, 400),
      ),
    );
    wrap(<ShareLinkButton kind="subject" id={3} />);
    fireEvent.click(screen.getByRole('button', { name: SHARE_MSG.copy }));
    fireEvent.click(await screen.findByRole('menuitem', { name: SHARE_MSG.temporary }));
    expect(await screen.findByText(SHARE_MSG.copiedTemporary(7))).toBeTruthy();
    expect(writes).toEqual(['http://x/student/link?token=t']);
    // Shown as well, to copy again, with its validity.
    expect((screen.getByRole('textbox', { name: SHARE_MSG.linkLabel }) as HTMLInputElement).value).toBe('http://x/student/link?token=t');
    expect(screen.getByText(/^Válido até \d{2}\/\d{2}\/\d{4}\.$/)).toBeTruthy();
  });
});
