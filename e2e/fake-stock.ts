/**
 * A fake Pixabay-compatible stock-photo API for the e2e journeys, on loopback. playwright.config.ts points
 * the e2e server at it (PIXABAY_API_URL on port E2E_STOCK_PORT, default E2E_PORT + 2000), so the
 * 'Banco de imagens' tab shows in every e2e run; a spec that searches starts the fake for the length of
 * its tests (without it a search answers the pt-BR "could not search" message).
 *
 * It answers 3 hits per search (ids 1, 2, 3 plus 100 × (page − 1)) whose preview and large image
 * addresses point to a tiny PNG it also serves. The app's CSP allows images of the stock API's host
 * (with its port), so the previews load from this fake; a chosen photo is copied by the server into
 * the provider's gallery and then shows from /uploads. The same PNG is an "external image" for the
 * studio's import on save: the e2e server may reach loopback for it (IMAGE_IMPORT_ALLOWED_NETWORKS).
 */
import http from 'node:http';

export const fakeStockPort = () => Number(process.env.E2E_STOCK_PORT ?? Number(process.env.E2E_PORT ?? '3199') + 2000);

/** An image the fake serves (a tiny PNG whatever the name): another site's image for the studio's import. */
export const fakeStockImage = (name: string) => `http://127.0.0.1:${fakeStockPort()}/img/${name}`;

/** The environment the e2e server needs to use the fake. */
export const fakeStockEnv = () => ({
  PIXABAY_API_KEY: 'e2e-key',
  PIXABAY_API_URL: `http://127.0.0.1:${fakeStockPort()}/api/`,
  PIXABAY_TIMEOUT_MS: '15000',
  // The fake's images stand for another site's in the studio's image import (loopback is refused otherwise).
  IMAGE_IMPORT_ALLOWED_NETWORKS: '127.0.0.1/32',
});

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export const FAKE_STOCK_TAGS = ['flor, jardim', 'sala de aula, escola', 'montanha, natureza'];

export interface FakeStock {
  /** The search terms received (q), in order; photo look-ups by id are recorded as `id:<n>`. */
  queries: string[];
  stop(): Promise<void>;
}

export async function startFakeStock(): Promise<FakeStock> {
  const fake = { queries: [] as string[] } as FakeStock;
  const base = `http://127.0.0.1:${fakeStockPort()}`;
  const hit = (id: number) => ({
    id,
    previewURL: `${base}/img/${id}-preview.png`,
    largeImageURL: `${base}/img/${id}-large.png`,
    tags: FAKE_STOCK_TAGS[(id - 1) % 100 % FAKE_STOCK_TAGS.length],
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname.startsWith('/img/')) {
      res.setHeader('content-type', 'image/png');
      return res.end(PNG);
    }
    if (url.pathname !== '/api/' || url.searchParams.get('key') !== 'e2e-key') {
      res.statusCode = url.pathname === '/api/' ? 400 : 404;
      return res.end('[ERROR 400] Invalid or missing API key');
    }
    res.setHeader('content-type', 'application/json');
    const id = url.searchParams.get('id');
    if (id) {
      fake.queries.push(`id:${id}`);
      return res.end(JSON.stringify({ total: 1, totalHits: 1, hits: [hit(Number(id))] }));
    }
    fake.queries.push(url.searchParams.get('q') ?? '');
    const page = Number(url.searchParams.get('page') ?? '1');
    const first = 100 * (page - 1);
    res.end(JSON.stringify({ total: 3, totalHits: 3, hits: [hit(first + 1), hit(first + 2), hit(first + 3)] }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(fakeStockPort(), '127.0.0.1', () => resolve());
  });
  fake.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
