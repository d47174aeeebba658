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
