/**
 * THE allow-list of sites unit content may embed: the pages a resource frames (Iframe Externo, Videoaula, Podcast,
 * PDF) and the audio or video files it plays. A reader's browser loads these from the other site, so an author may
 * only point at the video, podcast, document and simulation hosts teachers use, never at a page of their choosing
 * (a phishing page inside the unit, a tracking pixel). The server refuses any other host when a unit is saved and
 * builds the pages' Content-Security-Policy (`frame-src`, `media-src`) from the same list; the operator adds hosts
 * with EMBED_ALLOWED_HOSTS (README). Files the server stores (/uploads/…) are always allowed.
 *
 * An entry allows that host and every subdomain of it (`youtube.com` allows `www.youtube.com`). Only sites that
 * publish content under the site's own control (a video, a document shared from an account) are listed; hosts that
 * serve anyone's pages under a subdomain of a shared domain (sharepoint.com tenants, github.io, blogspot, h5p.com's
 * self-service tenants, podbean.com's user sites) or replay any page as it was (archive.org's Wayback Machine serves a
 * captured page's own scripts and forms) are not: an institution adds its own tenant (`escola.h5p.com`) by name.
 */

/** The default sites, by what teachers embed (docs/decisions.md, "Embeds and images"). */
export const DEFAULT_EMBED_HOSTS = [
  // Video
  'youtube.com',
  'youtube-nocookie.com',
  'vimeo.com',
  // Podcasts and audio
  'open.spotify.com',
  'podcasters.spotify.com',
  'anchor.fm',
  'soundcloud.com',
  // Podbean's player only: its other subdomains are its users' own sites.
  'www.podbean.com',
  // Documents, slides, forms
  'docs.google.com',
  'drive.google.com',
  'view.officeapps.live.com',
  'onedrive.live.com',
  'forms.office.com',
  'prezi.com',
  'canva.com',
  // Simulations, exercises and interactive activities
  'phet.colorado.edu',
  'geogebra.org',
  'khanacademy.org',
  'scratch.mit.edu',
  'wordwall.net',
  'kahoot.it',
  'genially.com',
  'padlet.com',
  'mentimeter.com',
  // Collections
  'commons.wikimedia.org',
] as const;

/** A host name (not an address): labels of letters, digits and hyphens, at least two. */
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** One host of EMBED_ALLOWED_HOSTS as stored, or undefined when it is not a host name (an address, a path, `*`…). */
export function normalizeEmbedHost(entry: string): string | undefined {
  const host = entry.trim().toLowerCase().replace(/^\*\./, '').replace(/\.$/, '');
  return HOST.test(host) && !/^[\d.]+$/.test(host) ? host : undefined;
}

/** The defaults plus the operator's hosts (comma- or space-separated), without repeats, in that order. */
export function embedHostList(extra: readonly string[] = []): string[] {
  return [...new Set([...DEFAULT_EMBED_HOSTS, ...extra.map(normalizeEmbedHost).filter((h): h is string => !!h)])];
}

/** The host of an http(s) address (lower case, no trailing dot), or undefined. */
export function embedHostOf(url: string): string | undefined {
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    return parsed.hostname.toLowerCase().replace(/\.$/, '') || undefined;
  } catch {
    return undefined;
  }
}

/** The host is an entry of `hosts` or a subdomain of one. */
export function isAllowedEmbedHost(host: string, hosts: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return hosts.some((entry) => h === entry || h.endsWith(`.${entry}`));
}

/** A resource address a reader's browser may load: one of our /uploads/ files, or an http(s) address on an allowed host. */
export function isAllowedEmbedUrl(url: string, hosts: readonly string[]): boolean {
  if (url.startsWith('/uploads/')) return true;
  const host = embedHostOf(url);
  return !!host && isAllowedEmbedHost(host, hosts);
}

export const EMBED_MSG = {
  /** The save refused (400): names the host and says how the operator allows it. */
  hostRefused: (host: string) =>
    `O site ${host} não está na lista de sites permitidos para conteúdo incorporado. Use um dos sites aceitos ou peça ao administrador da plataforma que inclua ${host} na variável EMBED_ALLOWED_HOSTS.`,
  acceptedHosts: 'Sites aceitos:',
} as const;
