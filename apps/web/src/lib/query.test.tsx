import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@edu/shared/auth';
import { queryClient } from './query';
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
