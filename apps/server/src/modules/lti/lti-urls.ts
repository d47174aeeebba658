/**
 * Which platform addresses the server calls or sends a browser to. The id_token names some of them (the AGS
 * `lineitem`, the deep-linking `deep_link_return_url`); the connection names the others (token endpoint, JWKS). Every
 * one must be https — http only for a platform on the developer's machine (localhost) while the tool itself runs there
 * (PUBLIC_URL on localhost), the rule of the connection's URL — and on a host of the connection: its URL's or one of
 * its endpoints' (D2L's token endpoint is Brightspace's). So a platform's message cannot point the server at an
 * internal address (metadata, loopback, private network) nor post scores to another site.
 */
import { isLocalLtiHost } from '@edu/shared/lti';

export interface ConnectionHosts {
  url: string;
  authenticationEndpoint: string;
  accesstokenEndpoint: string;
  authConfig: { key: string };
}

/** Whether http://localhost platforms are accepted: only when the tool itself is served from localhost. */
export function allowsLocalHttp(publicUrl: string): boolean {
  try {
    const url = new URL(publicUrl);
    return url.protocol === 'http:' && isLocalLtiHost(url.hostname);
  } catch {
    return false;
  }
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
};

/** Why the server must not use `url` for this connection, or null when it may. */
export function platformUrlProblem(url: unknown, connection: ConnectionHosts, allowLocalHttp: boolean): string | null {
  if (typeof url !== 'string' || url.length > 2000) return 'not a string of at most 2000 characters';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not an absolute URL';
  }
  if (parsed.username || parsed.password) return 'credentials in the URL';
  const local = isLocalLtiHost(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && local && allowLocalHttp)) return `scheme ${parsed.protocol} not allowed`;
  const hosts = new Set([connection.url, connection.authenticationEndpoint, connection.accesstokenEndpoint, connection.authConfig.key].map(hostOf).filter((h): h is string => h !== null));
  if (!hosts.has(parsed.host.toLowerCase())) return `host ${parsed.host} is not the connection's`;
  return null;
}
