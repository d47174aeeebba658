/**
 * Access tokens of the platforms' services (LTI Advantage: AGS scores, NRPS members), asked with the OAuth 2
 * client_credentials grant and a JWT client assertion signed with the tool's key (LTI Security Framework §4.1), kept per
 * connection and scope in this process until a minute before they expire.
 */
import crypto from 'node:crypto';
import { LTI_LIMITS } from '@edu/shared/lti-tool';
import type { Deps } from '../../platform/deps';
import { ltiKeyStore } from './lti-keys';
import type { LtiConnection } from './lti-oidc';

/** Brightspace expects this audience in client assertions, whatever its token URL (D2L's LTI Advantage docs). */
export const D2L_ASSERTION_AUDIENCE = 'https://api.brightspace.com/auth/token';

interface CachedToken {
  token: string;
  expiresAt: number;
}

export interface PlatformTokens {
  get(connection: LtiConnection, scope: string): Promise<string>;
  /** The platform refused a cached token: the next `get` asks again. */
  forget(connection: LtiConnection, scope: string): void;
}

const clients = new WeakMap<object, PlatformTokens>();

/** The tokens of one deployment's database (one cache per process and database). */
export function platformTokens(deps: Pick<Deps, 'db' | 'config'>): PlatformTokens {
  let client = clients.get(deps.db);
  if (!client) clients.set(deps.db, (client = tokenClient(deps)));
  return client;
}

function tokenClient(deps: Pick<Deps, 'db' | 'config'>): PlatformTokens {
  const keys = ltiKeyStore(deps.db, deps.config);
  const cache = new Map<string, CachedToken>();
  return {
    forget(connection, scope) {
      cache.delete(`${connection.id}:${scope}`);
    },
    async get(connection, scope) {
      const cacheKey = `${connection.id}:${scope}`;
      const cached = cache.get(cacheKey);
      if (cached && cached.expiresAt > Date.now()) return cached.token;
      const signer = await keys.signer();
      const assertion = await signer.sign(
        {
          iss: connection.clientId,
          sub: connection.clientId,
          aud: connection.platform === 'd2l' ? D2L_ASSERTION_AUDIENCE : connection.accesstokenEndpoint,
          jti: crypto.randomBytes(16).toString('base64url'),
        },
        { expiresInSeconds: 300 },
      );
      const res = await fetch(connection.accesstokenEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
          scope,
        }),
        redirect: 'manual',
        signal: AbortSignal.timeout(LTI_LIMITS.httpTimeoutMs),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`token endpoint answered HTTP ${res.status}: ${text.slice(0, 300)}`);
      const body = JSON.parse(text) as { access_token?: unknown; expires_in?: unknown };
      if (typeof body.access_token !== 'string' || !body.access_token) throw new Error('token endpoint answered no access_token');
      const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
      cache.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + Math.max(0, seconds - 60) * 1000 });
      return body.access_token;
    },
  };
}
