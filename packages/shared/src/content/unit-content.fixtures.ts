/**
 * One valid sample of every resource kind, in canonical form (fields in schema order, as
 * `sanitizeUnitHtml` stores them), so `blockHtml(type, subtype, SAMPLE_RESOURCES[key])` is exactly
 * the HTML the server keeps. Shared by the round-trip tests of the sanitizer (server: editor HTML →
 * stored HTML is a fixed point) and of the renderer (web: stored HTML → DOM), and usable by demo data.
 */
import { RESOURCE_KINDS, blockHtml, type ResourceKind } from './unit-content';

export const SAMPLE_RESOURCES = {
  videoaula: { url: 'https://www.youtube.com/embed/dQw4w9WgXcQ', title: 'Aula sobre frações' },
  podcast: { url: 'https://w.soundcloud.com/player/?url=https%3A//api.soundcloud.com/tracks/123456', title: 'Episódio 1' },
  picture: {
    name: 'Ciclo da água',
    resource: 'Agência Nacional de Águas',
    descripiton: 'Diagrama com evaporação, condensação e precipitação',
    url: '/uploads/images/ciclo-da-agua.png',
  },
  pdf: { url: '/uploads/pdfs/apostila.pdf', name: 'Apostila de frações' },
  infographic: { url: '/uploads/infographics/abc123/index.html', name: 'Linha do tempo', width: '100%', height: '650px' },
  learnMore: { content: '<p>Leia também o capítulo 2 do livro.</p>' },
  attention: { content: '<p>Não confunda numerador com denominador.</p>' },
  emphasis: { content: '<p>Toda fração representa uma divisão.</p>', title: 'Importante' },
  list: {
    items: [
      { title: 'Numerador', description: 'Quantas partes foram tomadas.' },
      { title: 'Denominador', description: 'Em quantas partes o todo foi dividido.' },
    ],
  },
  quote: { content: '<p>A matemática é o alfabeto com o qual Deus escreveu o universo.</p>', label: 'Galileu Galilei' },
  iframe: { url: 'https://www.geogebra.org/material/iframe/id/abc', width: '800', height: '450' },
  question: {
    title: 'Atividade 1',
    content: '<p>Quanto é <strong>1/2 + 1/4</strong>?</p>',
    options: [
      { id: 'a1', title: '2/6', description: 'Não se somam os denominadores.' },
      { id: 'b2', title: '3/4', description: 'Isso! 1/2 = 2/4, e 2/4 + 1/4 = 3/4.' },
      { id: 'c3', title: '1/8', description: 'Isso seria o produto, não a soma.' },
    ],
    right: 'b2',
  },
} as const satisfies Record<ResourceKind, unknown>;

/** The stored HTML of the sample of one kind. */
export function sampleBlockHtml(key: ResourceKind): string {
  const kind = RESOURCE_KINDS.find((k) => k.key === key)!;
  return blockHtml(kind.type, kind.subtype, SAMPLE_RESOURCES[key]);
}

/** One case of THE emptiness rule (`isEmptyContent`): a field's HTML and whether it is filled. */
export interface ContentCase {
  name: string;
  html: string;
  filled: boolean;
}

/**
 * The one table of cases that drives the content-model test on all three sides: the
 * contract (packages/shared/src/content/unit-document.test.ts), the studio's validation
 * (apps/web/src/features/studio/studio.test.tsx) and the API (apps/server/test/unit-content-model.test.ts:
 * a synthesis saved and a unit sent for analysis). Every case reads the same before and after the
 * server's sanitizer, so the studio (editor HTML) and the server (stored HTML) must agree.
 */
export const CONTENT_CASES: readonly ContentCase[] = [
  { name: 'only an image (uploaded, in a paragraph)', html: '<p><img src="/uploads/images/sintese.png" alt=""></p>', filled: true },
  { name: 'only an image (uploaded, bare)', html: '<img src="/uploads/images/figura.png" class="img-responsive">', filled: true },
  { name: 'only a resource block (Videoaula)', html: sampleBlockHtml('videoaula'), filled: true },
  { name: 'only a resource block (Questão)', html: sampleBlockHtml('question'), filled: true },
  { name: 'only a Latex formula', html: '<pre class="latex">E = mc^2</pre>', filled: true },
  { name: 'text', html: '<p>Síntese da unidade.</p>', filled: true },
  { name: 'one escaped character', html: '<p>&amp;</p>', filled: true },
  { name: 'text in a heading after empty paragraphs', html: '<p></p><p>&nbsp;</p><h3>Conclusão</h3>', filled: true },
  { name: 'nothing', html: '', filled: false },
  { name: 'only white space', html: '  \n\t ', filled: false },
  { name: 'only <p>&nbsp;</p>', html: '<p>&nbsp;</p>', filled: false },
  { name: 'only empty paragraphs', html: '<p></p><p></p><p></p>', filled: false },
  { name: 'only &nbsp;, &#160;, U+00A0, a line break, an empty heading', html: '<p> &#160;\u00a0<br></p><h2>&nbsp;</h2>', filled: false },
  { name: 'only formatting around white space', html: '<p><strong> </strong><em></em><a href="https://exemplo.com.br"></a></p>', filled: false },
  { name: 'only a horizontal rule', html: '<hr>', filled: false },
  { name: 'only an empty Latex formula', html: '<pre class="latex">  </pre>', filled: false },
  { name: 'only an unknown resource block', html: '<div data-type="flash" data-subtype="" data-resource="{}"></div>', filled: false },
  { name: 'only an invalid resource block', html: blockHtml('media', 'videoaula', { url: 'javascript:alert(1)' }), filled: false },
  { name: 'only a quote whose text is empty paragraphs', html: blockHtml('quote', '', { content: '<p></p><p>&nbsp;</p>', label: 'Autor' }), filled: false },
  { name: 'only an image whose address is refused', html: '<p><img src="data:image/png;base64,iVBORw0KGgo="></p>', filled: false },
  { name: 'only a script', html: '<script>document.write("texto")</script>', filled: false },
];
