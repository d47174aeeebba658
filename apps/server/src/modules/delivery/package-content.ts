/**
 * What goes into a unit package, as pure functions over ONE version's stored fields:
 *
 * - `unidade.json`: the renderer's input (`UnitContentView` plus levels and version), with every `/uploads/…` address
 *   rewritten to the file's place in the zip, so THE renderer (`ui/unit-content`, the student viewer, an
 *   LMS importer) shows the package as the platform does.
 * - `index.html`: a static, self-contained reading of the same content for opening the zip in a browser: the stored
 *   (sanitized) HTML re-written by THE shared parser (`parseHtml`/`toHtml`, `unitSegments`), images pointing into
 *   `media/`, and each resource block kept as stored (its data intact) with its readable texts (`resourceTextOf`, the
 *   texts the export/AI reading uses) and its link. No second parser, no second sanitizer.
 * - `media/…`: the files of every `/uploads/…` address the version uses (cover, images, pdfs, pictures…).
 * - the question bank (`questions`): the uploaded file, or a text file with its link.
 */
import path from 'node:path';
import { parseHtml, toHtml, type HtmlNode } from '@edu/shared/content/html-document';
import { BLOCK_ATTR, parseBlock, resourceKind, resourceTextOf, unitSegments, type UnitContentView } from '@edu/shared/content/unit-content';
import { escapeHtml } from '../../platform/html';

export interface PackageVersion extends UnitContentView {
  id: number;
  version: number;
  questions: string | null;
  levelOfLearning: string[];
}

const UPLOAD = /^\/uploads\/[A-Za-z0-9_\-/]+\.[A-Za-z0-9]+$/;
export const isUpload = (url: unknown): url is string => typeof url === 'string' && UPLOAD.test(url);

/** The zip path of an uploaded file: media/<folder>-<name> (names are random, folders keep kinds apart). */
export const mediaPath = (url: string) => `media/${url.slice('/uploads/'.length).split('/').join('-')}`;

/** Each string field of a resource's data that is an upload, rewritten by `map` (one level: url fields). */
function mapResourceUrls(data: unknown, map: (url: string) => string): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const [key, value] of Object.entries(out)) if (isUpload(value)) out[key] = map(value);
  return out;
}

/**
 * The nodes with every upload address (images, resource data) passed through `map`. An image of another site (content
 * saved before external images were imported on save) is left out: no reader of a package loads it.
 */
function mapNodes(nodes: readonly HtmlNode[], map: (url: string) => string): HtmlNode[] {
  return nodes.map((node): HtmlNode => {
    switch (node.type) {
      case 'image':
        return isUpload(node.src) ? { ...node, src: map(node.src), attrs: { ...node.attrs, src: map(node.src) } } : { type: 'text', text: '' };
      case 'block': {
        let data: unknown;
        try {
          data = JSON.parse(node.json);
        } catch {
          return node;
        }
        const json = JSON.stringify(mapResourceUrls(data, map));
        return { ...node, json, attrs: { ...node.attrs, [BLOCK_ATTR.resource]: json } };
      }
      case 'element':
        return { ...node, children: mapNodes(node.children, map) };
      default:
        return node;
    }
  });
}

const htmlFields = (v: PackageVersion) => [v.introduction, v.synthesis, ...v.topics.map((t) => t.content)];

/** Every uploaded file the version uses, once, in reading order. */
export function uploadsOf(v: PackageVersion): string[] {
  const found = new Set<string>();
  if (isUpload(v.mediaUrl)) found.add(v.mediaUrl);
  const visit = (nodes: readonly HtmlNode[]) => {
    for (const node of nodes) {
      if (node.type === 'image' && isUpload(node.src)) found.add(node.src);
      if (node.type === 'element') visit(node.children);
      if (node.type === 'block') mapNodes([node], (url) => (found.add(url), url));
    }
  };
  for (const html of htmlFields(v)) visit(parseHtml(html));
  return [...found];
}

/** The version's HTML fields with upload addresses rewritten to their zip paths (only those in `packed`). */
export function rewriteHtml(html: string, packed: ReadonlySet<string>): string {
  return toHtml(mapNodes(parseHtml(html), (url) => (packed.has(url) ? mediaPath(url) : url)));
}

/** `unidade.json`: the renderer's input with zip-relative media. */
export function unitJson(v: PackageVersion, packed: ReadonlySet<string>): string {
  const rewrite = (html: string) => rewriteHtml(html, packed);
  const view = {
    title: v.title,
    version: v.version,
    authors: v.authors,
    // An external cover (saved before images were imported) is left out, as external images are (mapNodes).
    mediaUrl: v.mediaUrl && packed.has(v.mediaUrl) ? mediaPath(v.mediaUrl) : isUpload(v.mediaUrl) ? v.mediaUrl : null,
    levelOfLearning: v.levelOfLearning,
    introduction: rewrite(v.introduction),
    learningObjectives: v.learningObjectives,
    topics: v.topics.map((t) => ({ title: t.title, content: rewrite(t.content) })),
    synthesis: rewrite(v.synthesis),
    bibliographicReference: v.bibliographicReference,
  };
  return JSON.stringify(view, null, 2);
}

/** One stored HTML field as static HTML: rich-text runs as stored, each resource block with its readable texts. */
function staticBody(html: string): string {
  return unitSegments(html)
    .map((segment) => {
      if (segment.kind === 'html') return segment.html;
      const json = JSON.stringify(segment.resource ?? null);
      const resource = parseBlock(segment.type, segment.subtype, json) as Record<string, unknown> | undefined;
      const kind = resourceKind(segment.type, segment.subtype);
      const texts = resourceTextOf({ type: segment.type, subtype: segment.subtype, kind: kind?.key, data: segment.resource, resource });
      const url = typeof resource?.url === 'string' ? resource.url : null;
      return [
        `<section class="recurso" ${BLOCK_ATTR.type}="${escapeHtml(segment.type)}" ${BLOCK_ATTR.subtype}="${escapeHtml(segment.subtype)}" ${BLOCK_ATTR.resource}="${escapeHtml(json)}">`,
        kind ? `<h4>${escapeHtml(kind.label)}</h4>` : '',
        ...texts.map((t) => `<p>${escapeHtml(t)}</p>`),
        url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` : '',
        '</section>',
      ].join('');
    })
    .join('\n');
}

const list = (items: string[]) => {
  const filled = items.map((s) => s.trim()).filter(Boolean);
  return filled.length ? `<ul>${filled.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>` : '';
};

/** `index.html`: the version as one static page (pt-BR headings, as the reader's). */
export function indexHtml(v: PackageVersion, packed: ReadonlySet<string>, questionsFile: string | null): string {
  const rewrite = (html: string) => staticBody(rewriteHtml(html, packed));
  const cover = v.mediaUrl && packed.has(v.mediaUrl) ? `<img class="capa" src="${escapeHtml(mediaPath(v.mediaUrl))}" alt="">` : '';
  const authors = v.authors.map((a) => a.trim()).filter(Boolean);
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(v.title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:860px;margin:0 auto;padding:24px;line-height:1.6;color:#1f2933}
img{max-width:100%;height:auto}.capa{display:block;margin-bottom:16px;border-radius:8px}
.recurso{border-left:4px solid #DAA520;background:#faf7ef;padding:8px 16px;margin:16px 0}
pre.latex{white-space:pre-wrap;background:#f4f4f4;padding:8px}
</style>
</head>
<body>
<header>${cover}<h1>${escapeHtml(v.title)}</h1>${authors.length ? `<p>${escapeHtml(authors.join(', '))}</p>` : ''}<p>Versão ${v.version}${
    v.levelOfLearning.length ? ` · ${escapeHtml(v.levelOfLearning.join(', '))}` : ''
  }</p>${questionsFile ? `<p><a href="${escapeHtml(questionsFile)}">Banco de questões</a></p>` : ''}</header>
<section><h2>Introdução</h2>${rewrite(v.introduction)}${v.learningObjectives.some((o) => o.trim()) ? `<h3>Objetivos de aprendizagem</h3>${list(v.learningObjectives)}` : ''}</section>
${v.topics.map((t, i) => `<section><h2>${i + 1}. ${escapeHtml(t.title.trim() || `Tópico ${i + 1}`)}</h2>${rewrite(t.content)}</section>`).join('\n')}
<section><h2>Síntese</h2>${rewrite(v.synthesis)}${v.bibliographicReference.some((r) => r.trim()) ? `<h3>Referências</h3>${list(v.bibliographicReference)}` : ''}</section>
</body>
</html>
`;
}

/** The question bank's name in the zip: `banco-de-questoes.<ext of the upload>`, or `.txt` holding a link. */
export function questionsEntry(questions: string | null): { name: string; upload: string | null; link: string | null } | null {
  if (!questions) return null;
  if (isUpload(questions)) return { name: `banco-de-questoes${path.extname(questions).toLowerCase()}`, upload: questions, link: null };
  return { name: 'banco-de-questoes.txt', upload: null, link: questions };
}
