/** Video and podcast addresses (spec 2 §5): what the author pastes, as the address a block stores. */
import { RESOURCE_MSG } from './unit-resources';

/**
 * A video link as an embed address: accepts an embed snippet (its src), a YouTube watch link, a youtu.be
 * short link, a YouTube/Vimeo embed address or a Vimeo page. Undefined when not recognised.
 */
export function toVideoEmbedUrl(input: string): string | undefined {
  let value = input.trim();
  const src = /<iframe[^>]*\ssrc=["']([^"']+)["']/i.exec(value);
  if (src) value = src[1]!;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.replace(/^www\./, '').replace(/^m\./, '');
  const ytId = /^[A-Za-z0-9_-]{6,20}$/;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') {
      const id = url.searchParams.get('v');
      return id && ytId.test(id) ? `https://www.youtube.com/embed/${id}` : undefined;
    }
    const m = /^\/(embed|shorts|live)\/([A-Za-z0-9_-]{6,20})/.exec(url.pathname);
    return m ? `https://www.youtube.com/embed/${m[2]}` : undefined;
  }
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1).split('/')[0] ?? '';
    return ytId.test(id) ? `https://www.youtube.com/embed/${id}` : undefined;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const m = /\/(?:video\/)?(\d{5,12})/.exec(url.pathname);
    return m ? `https://player.vimeo.com/video/${m[1]}` : undefined;
  }
  return undefined;
}

/**
 * A podcast link: an embed snippet is reduced to its src; a plain address is kept. Answers the address,
 * or an error message ('Insira o link do incorporar de {host}' when a snippet has no address left).
 */
export function toPodcastUrl(input: string): { url: string } | { error: string } {
  const value = input.trim();
  if (!value) return { error: RESOURCE_MSG.podcastMissing };
  if (/^</.test(value)) {
    const src = /\ssrc=["']([^"']+)["']/i.exec(value)?.[1]?.trim();
    if (src && /^https?:\/\//i.test(src)) return { url: src };
    const host = /https?:\/\/([^/"'\s]+)/i.exec(value)?.[1] ?? 'podcast';
    return { error: RESOURCE_MSG.podcastEmbed(host) };
  }
  if (/^https?:\/\/[^\s<>"']+$/i.test(value)) return { url: value };
  return { error: RESOURCE_MSG.podcastMissing };
}
