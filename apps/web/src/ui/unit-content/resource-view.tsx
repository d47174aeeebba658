/**
 * One resource block rendered (spec 2 §2.9/§3). The data is validated again with the shared schema of
 * its type/subtype (the server already did on write); an unknown or invalid block shows a placeholder.
 * Frames are built here from validated data — stored HTML never contains an <iframe>:
 * - Videoaula: the YouTube/Vimeo embed address, 16:9, allowfullscreen.
 * - Podcast: <audio> for .mp3/.ogg/.m4a files, else a frame of the player (166 px high).
 * - PDF: a 600 px frame plus an 'Abrir PDF' link.
 * - Infográfico: the uploaded page in a frame sandboxed with allow-scripts only (never same-origin).
 * - Iframe Externo: its width/height, sandboxed, no referrer.
 * Sites outside the embed allow-list (content/embed-hosts.ts) are refused on save, and the page's CSP (`frame-src`,
 * `media-src`) keeps an older row's frame of another site from loading.
 */
import { IconAlertTriangle, IconBulb, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import {
  RESOURCE_SCHEMAS,
  blockKey,
  toVideoEmbedUrl,
  type IframeResource,
  type InfographicResource,
  type ListResource,
  type PdfResource,
  type PictureResource,
  type PodcastResource,
  type QuestionResource,
  type QuoteResource,
  type VideoResource,
  type WarningResource,
} from '@edu/shared/content/unit-content';
import { isAllowedImageSrc } from '@edu/shared/content/html-allow-list';
import basic from '../basic/basic.module.css';
import { QuestionBlock } from './question-block';
import { ResourceRichText } from './rich-text';
import { cssSize, frameSandbox, isSameOrigin } from './unit-html';
import classes from './unit-content.module.css';

export interface ResourceViewProps {
  /** `data-type` of the block (media, picture, iframe, warning, list, quote, question). */
  type: string;
  /** `data-subtype` of the block ('' when none). */
  subtype: string;
  /** The block's data (parsed `data-resource` JSON); validated here. */
  resource: unknown;
}

export const RESOURCE_TEXT = {
  unavailable: 'Recurso indisponível',
  video: 'Videoaula',
  podcast: 'Podcast',
  pdf: 'PDF',
  openPdf: 'Abrir PDF',
  infographic: 'Infográfico',
  external: 'Conteúdo externo',
  source: (resource: string) => `Fonte: ${resource}`,
  learnMore: 'Saiba Mais',
  attention: 'Atenção',
  emphasis: 'Destaque',
} as const;

/** Frames of other sites (external page, podcast player, video that is not YouTube/Vimeo). */
const EXTERNAL_SANDBOX = ['allow-scripts', 'allow-same-origin', 'allow-popups', 'allow-forms'] as const;

function Unavailable() {
  return (
    <div className={classes.unavailable} role="note">
      {RESOURCE_TEXT.unavailable}
    </div>
  );
}

function VideoView({ r }: { r: VideoResource }) {
  const embed = toVideoEmbedUrl(r.url);
  const title = r.title || RESOURCE_TEXT.video;
  const isFile = !embed && /\.(mp4|webm|ogv)([?#]|$)/i.test(r.url);
  return (
    <figure className={classes.resource} data-resource-kind="videoaula">
      {isFile ? (
        <video className={`${classes.frame} ${classes.video}`} src={r.url} controls preload="metadata" aria-label={title} />
      ) : (
        <iframe
          className={`${classes.frame} ${classes.video}`}
          src={embed ?? r.url}
          title={title}
          allowFullScreen
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen; web-share"
          // YouTube refuses to play embeds that send no referrer.
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
          sandbox={embed ? undefined : frameSandbox(r.url, EXTERNAL_SANDBOX)}
        />
      )}
      {r.title && <figcaption className={classes.caption}>{r.title}</figcaption>}
    </figure>
  );
}

function PodcastView({ r }: { r: PodcastResource }) {
  const title = r.title || RESOURCE_TEXT.podcast;
  const isAudio = /\.(mp3|ogg|m4a)([?#]|$)/i.test(r.url);
  return (
    <figure className={classes.resource} data-resource-kind="podcast">
      {isAudio ? (
        <audio src={r.url} controls preload="metadata" aria-label={title} style={{ width: '100%' }} />
      ) : (
        <iframe
          className={classes.frame}
          src={r.url}
          title={title}
          height={166}
          style={{ height: 166 }}
          allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
          loading="lazy"
          sandbox={frameSandbox(r.url, [...EXTERNAL_SANDBOX, 'allow-popups-to-escape-sandbox'])}
        />
      )}
      {r.title && <figcaption className={classes.caption}>{r.title}</figcaption>}
    </figure>
  );
}

function PdfView({ r }: { r: PdfResource }) {
  const title = r.name || RESOURCE_TEXT.pdf;
  // Our own uploads are shown by the browser's PDF viewer, which does not run in a sandboxed frame.
  const own = r.url.startsWith('/uploads/');
  return (
    <figure className={classes.resource} data-resource-kind="pdf">
      <div className={classes.pdfHeader}>
        <strong>{title}</strong>
        <a href={r.url} target="_blank" rel="noopener noreferrer" className={`${basic.link} ${basic.small}`} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          {RESOURCE_TEXT.openPdf}
          <IconExternalLink size={14} aria-hidden />
        </a>
      </div>
      <iframe
        className={`${classes.frame} ${classes.bordered}`}
        src={r.url}
        title={title}
        height={600}
        style={{ height: 600 }}
        loading="lazy"
        sandbox={own ? undefined : frameSandbox(r.url, EXTERNAL_SANDBOX)}
      />
    </figure>
  );
}

function InfographicView({ r }: { r: InfographicResource }) {
  const height = cssSize(r.height, '650px');
  return (
    <figure className={classes.resource} data-resource-kind="infographic">
      <iframe
        className={`${classes.frame} ${classes.bordered}`}
        src={r.url}
        title={r.name || RESOURCE_TEXT.infographic}
        width="100%"
        style={{ width: '100%', height }}
        // Scripts run in an opaque origin: the page cannot reach this site's session or storage.
        sandbox="allow-scripts"
        loading="lazy"
      />
      {r.name && <figcaption className={classes.caption}>{r.name}</figcaption>}
    </figure>
  );
}

function IframeView({ r }: { r: IframeResource }) {
  let host = '';
  try {
    host = new URL(r.url, window.location.href).host;
  } catch {
    host = '';
  }
  return (
    <figure className={classes.resource} data-resource-kind="iframe">
      <iframe
        className={`${classes.frame} ${classes.bordered}`}
        src={r.url}
        title={host && !isSameOrigin(r.url) ? `${RESOURCE_TEXT.external}: ${host}` : RESOURCE_TEXT.external}
        style={{ width: cssSize(r.width, '100%'), height: cssSize(r.height, '450px') }}
        sandbox={frameSandbox(r.url, EXTERNAL_SANDBOX)}
        referrerPolicy="no-referrer"
        loading="lazy"
      />
    </figure>
  );
}

function PictureView({ r }: { r: PictureResource }) {
  // Saves import external images into /uploads; an older row's external image is never loaded (no tracking pixel).
  if (!isAllowedImageSrc(r.url)) return <Unavailable />;
  return (
    <figure className={`${classes.resource} ${classes.picture}`} data-resource-kind="picture">
      <img src={r.url} alt={r.descripiton} loading="lazy" />
      <figcaption className={classes.caption}>
        <strong>{r.name}</strong>
        <br />
        <span>{RESOURCE_TEXT.source(r.resource)}</span>
      </figcaption>
    </figure>
  );
}

const CALLOUTS: Record<string, { variant: string; heading: string; icon: ReactNode; kind: string }> = {
  '': { variant: 'info', heading: RESOURCE_TEXT.learnMore, icon: <IconInfoCircle size={20} aria-hidden />, kind: 'learnMore' },
  danger: { variant: 'danger', heading: RESOURCE_TEXT.attention, icon: <IconAlertTriangle size={20} aria-hidden />, kind: 'attention' },
  emphasis: { variant: 'emphasis', heading: RESOURCE_TEXT.emphasis, icon: <IconBulb size={20} aria-hidden />, kind: 'emphasis' },
};

function CalloutView({ r, subtype }: { r: WarningResource; subtype: string }) {
  const id = useId();
  const look = CALLOUTS[subtype] ?? CALLOUTS['']!;
  return (
    <aside className={`${classes.resource} ${classes.callout}`} data-variant={look.variant} aria-labelledby={id} data-resource-kind={look.kind}>
      <p id={id} className={classes.calloutHeading}>
        {look.icon}
        {r.title || look.heading}
      </p>
      <ResourceRichText html={r.content} />
    </aside>
  );
}

function ListView({ r }: { r: ListResource }) {
  return (
    <ul className={`${classes.resource} ${classes.list}`} data-resource-kind="list">
      {r.items.map((item, index) => (
        <li key={index} className={classes.listItem}>
          <span className={classes.listBullet} aria-hidden>
            {index + 1}
          </span>
          <p className={classes.listTitle}>{item.title}</p>
          <p className={classes.listDescription}>{item.description}</p>
        </li>
      ))}
    </ul>
  );
}

function QuoteView({ r }: { r: QuoteResource }) {
  return (
    <figure className={`${classes.resource} ${classes.quote}`} data-resource-kind="quote">
      <blockquote>
        <ResourceRichText html={r.content} />
      </blockquote>
      {r.label && <figcaption>— {r.label}</figcaption>}
    </figure>
  );
}

export function ResourceView({ type, subtype, resource }: ResourceViewProps) {
  const key = blockKey(type, subtype);
  const parsed = RESOURCE_SCHEMAS[key]?.safeParse(resource);
  if (!parsed?.success) return <Unavailable />;
  const data = parsed.data;
  switch (key) {
    case 'media:videoaula':
      return <VideoView r={data as VideoResource} />;
    case 'media:podcast':
      return <PodcastView r={data as PodcastResource} />;
    case 'media:pdf':
      return <PdfView r={data as PdfResource} />;
    case 'iframe:infographic':
      return <InfographicView r={data as InfographicResource} />;
    case 'iframe:':
      return <IframeView r={data as IframeResource} />;
    case 'picture:':
      return <PictureView r={data as PictureResource} />;
    case 'warning:':
    case 'warning:danger':
    case 'warning:emphasis':
      return <CalloutView r={data as WarningResource} subtype={subtype} />;
    case 'list:':
      return <ListView r={data as ListResource} />;
    case 'quote:':
      return <QuoteView r={data as QuoteResource} />;
    case 'question:':
      // A new question (edited in the studio) starts unanswered.
      return <QuestionBlock key={JSON.stringify(data)} question={data as QuestionResource} />;
    default:
      return <Unavailable />;
  }
}
