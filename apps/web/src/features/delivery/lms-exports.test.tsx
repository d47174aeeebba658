/**
 * The LMS export buttons: who sees them, the SCORM package's download and cooldown, the cartridge's
 * skipped-units toast, and a refusal's own reason (409 without an LMS key). `fetch` answers the shared contract's shapes.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@edu/shared/auth';
import type { InstitutionGrant } from '@edu/shared/institutions';
import { CARTRIDGE_SKIPPED_HEADER, LMS_EXPORT_MSG } from '@edu/shared/lms-exports';
import { PACKAGE_MSG } from '@edu/shared/packages';
import { session } from '../../lib/session';
import { CartridgeDownloadButton, ScormDownloadButton } from './index';

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
const zip = (name: string, headers: Record<string, string> = {}) =>
  new Response(new Uint8Array([80, 75, 3, 4]), { status: 200, headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${name}"`, ...headers } });

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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LMS export buttons', () => {
  it('are hidden from the assistant and from an institution without the packages grant (SCORM); the cartridge needs no grant', () => {
    signInAs('seller_assistent', ['packages']);
    const first = wrap(
      <>
        <ScormDownloadButton itemId={3} />
        <CartridgeDownloadButton kind="subject" id={4} />
      </>,
    );
    expect(screen.queryByRole('button', { name: LMS_EXPORT_MSG.scormDownload })).toBeNull();
    expect(screen.queryByRole('button', { name: LMS_EXPORT_MSG.cartridgeDownload })).toBeNull();
    first.unmount();
    signInAs('seller_content_manager', []);
    wrap(
      <>
        <ScormDownloadButton itemId={3} />
        <CartridgeDownloadButton kind="course" id={4} />
      </>,
    );
    expect(screen.queryByRole('button', { name: LMS_EXPORT_MSG.scormDownload })).toBeNull();
    expect(screen.getByRole('button', { name: LMS_EXPORT_MSG.cartridgeDownload })).toBeTruthy();
  });

  it("downloads the SCORM package of a subject's unit, then waits 30 s", async () => {
    signInAs('seller', ['packages']);
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init?.body)) });
        return zip('scorm12_unidade_3.zip');
      }),
    );
    wrap(<ScormDownloadButton itemId={3} subjectId={9} />);
    fireEvent.click(screen.getByRole('button', { name: LMS_EXPORT_MSG.scormDownload }));
    expect(await screen.findByText(LMS_EXPORT_MSG.scormDownloaded)).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/sellers/scorm/unit/3', body: { subjectId: 9 } }]);
    expect(saved).toEqual(['scorm12_unidade_3.zip']);
    expect((screen.getByRole('button', { name: PACKAGE_MSG.cooldown(30) }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says how many units a cartridge left out, and shows the server's reason for a refusal", async () => {
    signInAs('seller', []);
    let answer: Response = zip('curso-engenharia.imscc', { [CARTRIDGE_SKIPPED_HEADER]: '2' });
    vi.stubGlobal('fetch', vi.fn(async () => answer));
    wrap(<CartridgeDownloadButton kind="course" id={4} />);
    fireEvent.click(screen.getByRole('button', { name: LMS_EXPORT_MSG.cartridgeDownload }));
    expect(await screen.findByText(`${LMS_EXPORT_MSG.cartridgeDownloaded} ${LMS_EXPORT_MSG.cartridgeSkipped(2)}`)).toBeTruthy();
    expect(saved).toEqual(['curso-engenharia.imscc']);
    answer = new Response(JSON.stringify({ statusCode: 409, code: 'CONFLICT', message: LMS_EXPORT_MSG.noLmsKey }), { status: 409, headers: { 'content-type': 'application/json' } });
    fireEvent.click(screen.getByRole('button', { name: LMS_EXPORT_MSG.cartridgeDownload }));
    expect(await screen.findByText(LMS_EXPORT_MSG.noLmsKey)).toBeTruthy();
  });
});
