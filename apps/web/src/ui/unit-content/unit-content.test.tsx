/**
 * The unit renderer. Round trip of each resource block: the editor writes `blockHtml(...)`; the server
 * stores it unchanged (apps/server/test/unit-sanitize.test.ts proves `sanitizeUnitHtml` is a fixed point
 * on these very samples, `sampleBlockHtml`); here that stored HTML is rendered and the resource checked.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { blockHtml, type UnitContentView } from '@edu/shared/content/unit-content';
import { SAMPLE_RESOURCES, sampleBlockHtml } from '@edu/shared/content/unit-content.fixtures';
import { ResourceView, TopicContent, UnitContent } from './index';

const renderUi = (ui: ReactElement) => render(<MantineProvider>{ui}</MantineProvider>);
const topic = (html: string) => renderUi(<TopicContent html={html} />).getByTestId('topic-content');

afterEach(cleanup);

// (happy-dom loads no frames and prints a NotSupportedError for each one: expected noise.)

describe('resource blocks: stored HTML → rendered resource', () => {
  it('Videoaula: the embed address in a titled frame that allows full screen', () => {
    const c = topic(sampleBlockHtml('videoaula'));
    const frame = screen.getByTitle('Aula sobre frações');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(frame.hasAttribute('allowfullscreen')).toBe(true);
    expect(frame.hasAttribute('sandbox')).toBe(false);
    expect(c.querySelector('[data-resource-kind="videoaula"]')).not.toBeNull();
  });

  it('Videoaula: a watch link is embedded; another site goes in a sandbox', () => {
    topic(blockHtml('media', 'videoaula', { url: 'https://youtu.be/dQw4w9WgXcQ' }));
    expect(screen.getByTitle('Videoaula').getAttribute('src')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    cleanup();
    topic(blockHtml('media', 'videoaula', { url: 'https://videos.exemplo.com.br/v/1' }));
    expect(screen.getByTitle('Videoaula').getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-popups allow-forms');
  });

  it('Podcast: a player frame 166 px high, or an audio element for audio files', () => {
    topic(sampleBlockHtml('podcast'));
    const frame = screen.getByTitle('Episódio 1');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(SAMPLE_RESOURCES.podcast.url);
    expect(frame.getAttribute('height')).toBe('166');
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    cleanup();
    const c = topic(blockHtml('media', 'podcast', { url: '/uploads/podcasts/ep1.mp3' }));
    const audio = c.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe('/uploads/podcasts/ep1.mp3');
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(audio.getAttribute('aria-label')).toBe('Podcast');
  });

  it('Figura: the image with its description as alt, the name and the source', () => {
    const c = topic(sampleBlockHtml('picture'));
    const img = screen.getByAltText('Diagrama com evaporação, condensação e precipitação');
    expect(img.getAttribute('src')).toBe('/uploads/images/ciclo-da-agua.png');
    const caption = c.querySelector('figcaption')!;
    expect(caption.textContent).toContain('Ciclo da água');
    expect(caption.textContent).toContain('Fonte: Agência Nacional de Águas');
  });

  it("PDF: a 600 px frame of the file and an 'Abrir PDF' link", () => {
    topic(sampleBlockHtml('pdf'));
    const frame = screen.getByTitle('Apostila de frações');
    expect(frame.getAttribute('src')).toBe('/uploads/pdfs/apostila.pdf');
    expect(frame.getAttribute('height')).toBe('600');
    const link = screen.getByRole('link', { name: /Abrir PDF/ });
    expect(link.getAttribute('href')).toBe('/uploads/pdfs/apostila.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('Infográfico: full width, 650 px, sandboxed with scripts only (never same-origin)', () => {
    topic(sampleBlockHtml('infographic'));
    const frame = screen.getByTitle('Linha do tempo') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/uploads/infographics/abc123/index.html');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.style.height).toBe('650px');
    expect(frame.style.width).toBe('100%');
  });

  it('Iframe Externo: its size, sandboxed, no referrer', () => {
    topic(sampleBlockHtml('iframe'));
    const frame = screen.getByTitle('Conteúdo externo: www.geogebra.org') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(SAMPLE_RESOURCES.iframe.url);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-popups allow-forms');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(frame.style.width).toBe('800px');
    expect(frame.style.height).toBe('450px');
  });

  it('Iframe Externo of this site: never allow-same-origin', () => {
    topic(blockHtml('iframe', '', { url: '/uploads/pages/a.html', width: '100%', height: '300' }));
    expect(screen.getByTitle('Conteúdo externo').getAttribute('sandbox')).toBe('allow-scripts allow-popups allow-forms');
  });

  it('Saiba Mais, Atenção, Destaque: callouts with their heading (or the title given)', () => {
    const c = topic([sampleBlockHtml('learnMore'), sampleBlockHtml('attention'), sampleBlockHtml('emphasis')].join(''));
    const learnMore = screen.getByRole('complementary', { name: 'Saiba Mais' });
    expect(learnMore.textContent).toContain('Leia também o capítulo 2 do livro.');
    expect(learnMore.getAttribute('data-variant')).toBe('info');
    const attention = screen.getByRole('complementary', { name: 'Atenção' });
    expect(attention.getAttribute('data-variant')).toBe('danger');
    expect(attention.querySelector('p')?.textContent).toBe('Atenção');
    const emphasis = screen.getByRole('complementary', { name: 'Importante' });
    expect(emphasis.getAttribute('data-variant')).toBe('emphasis');
    expect(emphasis.textContent).toContain('Toda fração representa uma divisão.');
    expect(c.querySelectorAll('[data-resource-kind]')).toHaveLength(3);
  });

  it('Lista: titled items with their descriptions', () => {
    const c = topic(sampleBlockHtml('list'));
    const items = within(c.querySelector('[data-resource-kind="list"]') as HTMLElement).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Numerador');
    expect(items[0]!.textContent).toContain('Quantas partes foram tomadas.');
    expect(items[1]!.textContent).toContain('Denominador');
  });

  it('Citação: a blockquote with the label as the author line', () => {
    const c = topic(sampleBlockHtml('quote'));
    expect(c.querySelector('blockquote')!.textContent).toContain('A matemática é o alfabeto');
    expect(c.querySelector('figcaption')!.textContent).toBe('— Galileu Galilei');
  });

  it('Questão: the statement and the options lettered a), b), c)', () => {
    topic(sampleBlockHtml('question'));
    expect(screen.getByRole('heading', { name: 'Atividade 1' })).toBeTruthy();
    expect(screen.getByText('1/2 + 1/4').tagName).toBe('STRONG');
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(screen.getByRole('radio', { name: 'a) 2/6' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'b) 3/4' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'c) 1/8' })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Alternativas' })).toBeTruthy();
  });

  it('renders every kind, in order, between runs of text', () => {
    const keys = Object.keys(SAMPLE_RESOURCES) as (keyof typeof SAMPLE_RESOURCES)[];
    const c = topic(keys.map((k) => `<p>antes de ${k}</p>${sampleBlockHtml(k)}`).join(''));
    expect([...c.querySelectorAll('[data-resource-kind]')].map((el) => el.getAttribute('data-resource-kind'))).toEqual(keys);
    expect(c.textContent).toContain('antes de question');
    expect(screen.queryByText('Recurso indisponível')).toBeNull();
  });
});

describe('answering a question', () => {
  const question = () => renderUi(<ResourceView type="question" subtype="" resource={SAMPLE_RESOURCES.question} />);

  it('right answer: marked correct, the option highlighted, its feedback shown', () => {
    question();
    const answer = screen.getByRole('button', { name: 'Responder' });
    expect((answer as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'b) 3/4' }));
    expect((answer as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('question-result')).toBeNull();
    fireEvent.click(answer);
    const result = screen.getByTestId('question-result');
    expect(result.textContent).toContain('Resposta correta!');
    expect(result.textContent).toContain('Isso! 1/2 = 2/4, e 2/4 + 1/4 = 3/4.');
    expect(result.getAttribute('data-correct')).toBe('true');
    expect(document.querySelector('[data-state="right"]')?.textContent).toContain('3/4');
    expect(document.querySelector('[data-state="wrong"]')).toBeNull();
    expect((answer as HTMLButtonElement).disabled).toBe(true);
  });

  it('wrong answer: marked incorrect, the right option highlighted, the chosen feedback shown', () => {
    question();
    fireEvent.click(screen.getByRole('radio', { name: 'a) 2/6' }));
    fireEvent.click(screen.getByRole('button', { name: 'Responder' }));
    const result = screen.getByTestId('question-result');
    expect(result.textContent).toContain('Resposta incorreta.');
    expect(result.textContent).toContain('Não se somam os denominadores.');
    expect(result.getAttribute('data-correct')).toBe('false');
    const right = document.querySelector('[data-state="right"]')!;
    expect(right.textContent).toContain('b)');
    expect(right.textContent).toContain('Alternativa correta');
    const wrong = document.querySelector('[data-state="wrong"]')!;
    expect(wrong.textContent).toContain('a)');
    expect(wrong.textContent).toContain('Sua resposta');
    // Answered: the choice is fixed.
    fireEvent.click(screen.getByRole('radio', { name: /c\) 1\/8/ }));
    expect((screen.getByRole('radio', { name: /a\) 2\/6/ }) as HTMLInputElement).checked).toBe(true);
    expect(result.textContent).toContain('Não se somam os denominadores.');
  });

  it('uses native radios (keyboard: arrows and space) and announces the result', () => {
    question();
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.every((r) => r.type === 'radio' && r.name === radios[0]!.name)).toBe(true);
    const live = document.querySelector('[aria-live="polite"]')!;
    fireEvent.click(radios[2]!);
    fireEvent.click(screen.getByRole('button', { name: 'Responder' }));
    expect(live.textContent).toContain('Resposta incorreta.');
  });
});

describe('text, Latex and safety', () => {
  it('renders the editor formats and typesets Latex with KaTeX', async () => {
    const c = topic('<h1>Tópico</h1><h2>Subtópico</h2><p>Texto <em>livre</em></p><pre class="latex">\\frac{1}{2}</pre>');
    // The author's h1 and h2 are announced under the reader's page heading (h3): levels 4 and 5.
    await waitFor(() => expect(screen.getByRole('heading', { level: 4, name: 'Tópico' })).toBeTruthy());
    expect(screen.getByRole('heading', { level: 5, name: 'Subtópico' })).toBeTruthy();
    expect(c.querySelector('h1')?.textContent).toBe('Tópico');
    await waitFor(() => expect(c.querySelector('.katex')).not.toBeNull());
    expect(c.querySelector('pre.latex')).toBeNull();
    expect(c.querySelector('[data-latex]')?.getAttribute('data-latex')).toBe('\\frac{1}{2}');
    expect(c.querySelector('math')).not.toBeNull();
  });

  it('shows a bad formula in place instead of failing, and never trusts \\href', async () => {
    const c = topic('<pre class="latex">\\frac{1}{</pre><pre class="latex">\\href{javascript:alert(1)}{x}</pre>');
    await waitFor(() => expect(c.querySelectorAll('[data-latex]')).toHaveLength(2));
    expect(c.querySelector('a, [href]')).toBeNull();
    expect(c.querySelector('.katex-error')?.textContent).toBe('\\frac{1}{');
  });

  // 'drops what the allow-list does not allow, even in a row written by hand': in ../safe-html.test.tsx
  // (jsdom: happy-dom's node iterator skips nodes after a removal, so DOMPurify cannot be judged here).

  it('shows a placeholder for an unknown or invalid block', () => {
    topic(
      [
        '<div data-type="flash" data-subtype="" data-resource="{}"></div>',
        '<div data-type="media" data-subtype="videoaula" data-resource="{oops"></div>',
        blockHtml('media', 'videoaula', { url: 'javascript:alert(1)' }),
        blockHtml('iframe', '', { url: 'https://x.com', width: '100', height: '1;x' }),
      ].join(''),
    );
    expect(screen.getAllByText('Recurso indisponível')).toHaveLength(4);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('lifts a block out of the element it was nested in', () => {
    const c = topic(`<blockquote><p>citação</p>${sampleBlockHtml('videoaula')}</blockquote><p>fim</p>`);
    expect(c.querySelector('blockquote')!.textContent).toBe('citação');
    expect(c.querySelector('blockquote iframe')).toBeNull();
    expect(screen.getByTitle('Aula sobre frações')).toBeTruthy();
  });

  it('shows plain texts of a resource as text, not HTML', () => {
    const c = topic(blockHtml('list', '', { items: [{ title: '<img src=x onerror=alert(1)>', description: '<b>d</b>' }] }));
    expect(c.querySelector('img, b')).toBeNull();
    expect(c.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('UnitContent: the paged reader', () => {
  const unit: UnitContentView = {
    title: 'Frações',
    authors: ['Ana Souza', '', 'Bruno Lima'],
    mediaUrl: '/uploads/images/capa.png',
    introduction: '<p>Bem-vindo à unidade.</p>',
    learningObjectives: ['Somar frações', ' '],
    topics: [
      { title: 'Conceito', content: `<p>Uma fração é uma parte.</p>${sampleBlockHtml('question')}` },
      { title: '', content: '<p>Exercícios finais.</p>' },
    ],
    synthesis: '<p>Vimos frações.</p>',
    bibliographicReference: ['IEZZI, G. Fundamentos.', ''],
  };

  it('shows the cover, the menu and the introduction with the objectives on page 0', () => {
    renderUi(<UnitContent unit={unit} actions={<button type="button">Relatar Problema</button>} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Frações' })).toBeTruthy();
    expect(screen.getByText('Ana Souza e Bruno Lima')).toBeTruthy();
    expect(document.querySelector('header img')?.getAttribute('src')).toBe('/uploads/images/capa.png');
    expect(screen.getByRole('button', { name: 'Relatar Problema' })).toBeTruthy();
    const menu = within(screen.getByRole('navigation', { name: 'Sumário da unidade' }));
    expect(menu.getAllByRole('button').map((b) => b.textContent)).toEqual(['Introdução', '1.Conceito', '2.Tópico 2', 'Síntese']);
    expect(menu.getByRole('button', { name: 'Introdução' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 3, name: 'Introdução' })).toBeTruthy();
    expect(screen.getByText('Bem-vindo à unidade.')).toBeTruthy();
    expect(screen.getByText('Objetivos de aprendizagem')).toBeTruthy();
    expect(screen.getByText('Somar frações')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Anterior' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Página 1 de 4')).toBeTruthy();
  });

  it("moves with 'Próximo', 'Anterior' and the menu; the last page is the synthesis with references", () => {
    renderUi(<UnitContent unit={unit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    const heading = screen.getByRole('heading', { level: 3, name: '1. Conceito' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Uma fração é uma parte.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Responder' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(screen.getByRole('heading', { level: 3, name: '2. Tópico 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByRole('heading', { level: 3, name: '1. Conceito' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Síntese' }));
    expect(screen.getByText('Vimos frações.')).toBeTruthy();
    expect(screen.getByText('Referências')).toBeTruthy();
    expect(screen.getByText('IEZZI, G. Fundamentos.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Próximo' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Página 4 de 4')).toBeTruthy();
  });

  it('can be controlled by the page it is on', () => {
    const seen: number[] = [];
    function Host() {
      const [page, setPage] = useState(3);
      return (
        <UnitContent
          unit={unit}
          page={page}
          onPageChange={(p) => {
            seen.push(p);
            setPage(p);
          }}
        />
      );
    }
    renderUi(<Host />);
    expect(screen.getByText('Vimos frações.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(seen).toEqual([2]);
    expect(screen.getByText('Exercícios finais.')).toBeTruthy();
  });

  it('keeps a page number in range and shows an empty unit without failing', () => {
    renderUi(<UnitContent unit={{ ...unit, topics: [], introduction: '', mediaUrl: 'javascript:alert(1)', title: ' ' }} page={9} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Unidade sem título' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Síntese' })).toBeTruthy();
    expect(document.querySelector('header img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Introdução' }));
  });
});
