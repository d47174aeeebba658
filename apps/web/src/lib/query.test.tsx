import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@edu/shared/auth';
import { QueryClient } from '@tanstack/react-query';
import { isMarketplaceKey, MARKET_KEYS, queryClient, refreshMarketplace } from './query';
import { session } from './session';

const user = { id: 1, name: 'Ana', type: 'seller' } as unknown as SessionUser;

afterEach(() => session.clear());

describe('the query cache follows the session', () => {
  it("drops what a user's session fetched when it ends, so the next user of the tab never sees it", () => {
    session.start('token-a', user);
    queryClient.setQueryData(['team', 'seller'], { data: ['Bruno'] });
    session.clear();
    expect(queryClient.getQueryData(['team', 'seller'])).toBeUndefined();
  });

  it('keeps the cache while the same session goes on (a profile update is not a new session)', () => {
    session.start('token-b', user);
    queryClient.setQueryData(['units'], { total: 3 });
    session.setUser({ ...user, name: 'Ana Maria' } as SessionUser);
    expect(queryClient.getQueryData(['units'])).toEqual({ total: 3 });
  });
});

describe('refreshMarketplace', () => {
  it("marks every marketplace feature's cached answers stale (a payment request shows on the rent lists, a new price in the panels) and no other", async () => {
    const client = new QueryClient();
    const roots = Object.values(MARKET_KEYS);
    for (const root of roots) client.setQueryData([root, 'list', { page: 1 }], { data: [] });
    client.setQueryData(['units', 'list'], { data: [] });
    client.setQueryData(['seller', 7], { id: 7 });
    await refreshMarketplace(client);
    for (const root of roots) expect(client.getQueryState([root, 'list', { page: 1 }])?.isInvalidated, root).toBe(true);
    expect(client.getQueryState(['units', 'list'])?.isInvalidated).toBe(false);
    expect(client.getQueryState(['seller', 7])?.isInvalidated).toBe(false);
  });

  it('knows a marketplace key by its root only', () => {
    expect(isMarketplaceKey(['store', 'cart'])).toBe(true);
    expect(isMarketplaceKey(['seller-rents', 'mine', {}])).toBe(true);
    expect(isMarketplaceKey(['units', 'store'])).toBe(false);
    expect(isMarketplaceKey([1, 'store'])).toBe(false);
  });
});
