import { describe, expect, it } from 'vitest';
import {
  RESOURCE_HTML_FIELDS,
  RESOURCE_KINDS,
  RESOURCE_MSG,
  RESOURCE_SCHEMAS,
  blockHtml,
  blockKey,
  escapeAttr,
  externalImagesOf,
  infographicResource,
  iframeResource,
  isUnitComplete,
  listResource,
  parseBlock,
  pictureResource,
  questionResource,
  resourceKind,
  toPodcastUrl,
  toVideoEmbedUrl,
  videoResource,
} from './unit-content';
import { SAMPLE_RESOURCES, sampleBlockHtml } from './unit-content.fixtures';

/** The attributes of a block, read back the way an HTML parser decodes them. */
function readBlock(html: string) {
  const attr = (name: string) => {
    const raw = new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];
    return raw?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  };
  return { type: attr('data-type'), subtype: attr('data-subtype'), resource: attr('data-resource') };
}

const firstError = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe('resource kinds and schemas', () => {
  it('offers the twelve resources of the picker, each stored as a block with a schema', () => {
    expect(RESOURCE_KINDS.map((k) => k.label)).toEqual([
      'Videoaula', 'Podcast', 'Figura', 'PDF', 'Infográfico', 'Saiba Mais', 'Atenção', 'Destaque', 'Lista', 'Citação', 'Iframe Externo', 'Questão',
    ]);
    for (const kind of RESOURCE_KINDS) {
      expect(RESOURCE_SCHEMAS[blockKey(kind.type, kind.subtype)], kind.key).toBeDefined();
      expect(resourceKind(kind.type, kind.subtype)?.key).toBe(kind.key);
    }
    expect(new Set(RESOURCE_KINDS.map((k) => blockKey(k.type, k.subtype))).size).toBe(12);
    for (const key of Object.keys(RESOURCE_HTML_FIELDS)) expect(RESOURCE_SCHEMAS[key]).toBeDefined();
  });

  it('accepts every sample as it is (the samples are canonical)', () => {
    for (const kind of RESOURCE_KINDS) {
      expect(RESOURCE_SCHEMAS[blockKey(kind.type, kind.subtype)]!.parse(SAMPLE_RESOURCES[kind.key]), kind.key).toEqual(SAMPLE_RESOURCES[kind.key]);
    }
  });

  it('accepts http(s) addresses and files under /uploads only', () => {
    for (const url of ['https://x.com/v', 'http://x.com/a.pdf', '/uploads/pdfs/a.pdf', '/uploads/infographics/f1/index.html']) {
      expect(videoResource.safeParse({ url }).success, url).toBe(true);
    }
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '//evil.com/x', '/api/users', '/uploads/../a.pdf', 'https://x.com/"onload="x', 'ftp://x.com/a']) {
      expect(videoResource.safeParse({ url }).success, url).toBe(false);
    }
  });

  it('checks the picture fields with the spec messages', () => {
    const ok = SAMPLE_RESOURCES.picture;
    expect(firstError(pictureResource, { ...ok, name: ' ' })).toBe('Campo Obrigatório');
    expect(firstError(pictureResource, { ...ok, url: 'nada' })).toBe(RESOURCE_MSG.pictureImage);
  });

  it('checks iframe sizes and infographic defaults', () => {
    expect(iframeResource.safeParse({ url: 'https://x.com', width: '100%', height: '400px' }).success).toBe(true);
    expect(iframeResource.safeParse({ url: 'https://x.com', width: '100;x', height: '400' }).success).toBe(false);
    expect(iframeResource.safeParse({ url: 'https://x.com', width: '', height: '400' }).success).toBe(false);
    expect(infographicResource.parse({ url: '/uploads/infographics/f/index.html' })).toEqual({
      url: '/uploads/infographics/f/index.html',
      width: '100%',
      height: '650px',
    });
    expect(firstError(infographicResource, { url: '' })).toBe(RESOURCE_MSG.infographicMissing);
  });

  it('checks list items', () => {
    expect(firstError(listResource, { items: [{ title: '', description: 'd' }] })).toBe(RESOURCE_MSG.listTitles);
    expect(firstError(listResource, { items: [{ title: 't', description: ' ' }] })).toBe(RESOURCE_MSG.listDescriptions);
    expect(listResource.safeParse({ items: [] }).success).toBe(false);
  });

  it('checks the question: statement, options and a correct option that exists', () => {
    const ok = SAMPLE_RESOURCES.question;
    expect(firstError(questionResource, { ...ok, content: ' ' })).toBe(RESOURCE_MSG.questionStatement);
    expect(firstError(questionResource, { ...ok, right: '' })).toBe(RESOURCE_MSG.questionRight);
    expect(firstError(questionResource, { ...ok, right: 'zz' })).toBe(RESOURCE_MSG.questionRight);
    expect(firstError(questionResource, { ...ok, options: [{ id: 'a', title: '', description: 'f' }], right: 'a' })).toBe(RESOURCE_MSG.questionOptionTitles);
    expect(firstError(questionResource, { ...ok, options: [{ id: 'a', title: 't', description: '' }], right: 'a' })).toBe(RESOURCE_MSG.questionFeedbacks);
    expect(questionResource.safeParse({ ...ok, options: [] }).success).toBe(false);
  });
});

describe('blockHtml and parseBlock', () => {
  it('round-trips every resource kind through the block attributes', () => {
    for (const kind of RESOURCE_KINDS) {
      const html = sampleBlockHtml(kind.key);
      expect(html).toMatch(/^<div data-type="[a-z]+" data-subtype="[a-z]*" data-resource="[^"]*"><\/div>$/);
      const read = readBlock(html);
      expect(read.type).toBe(kind.type);
      expect(read.subtype).toBe(kind.subtype);
      expect(parseBlock(read.type!, read.subtype, read.resource!), kind.key).toEqual(SAMPLE_RESOURCES[kind.key]);
    }
  });

  it('escapes quotes and angle brackets so the JSON cannot break out of the attribute', () => {
    const html = blockHtml('quote', '', { content: '<p>"x" onload="alert(1)" & </div><script>1</script></p>', label: "O'Neil" });
    expect(html.match(/"/g)).toHaveLength(6);
    expect(html).not.toMatch(/<script|<\/div><script/);
    expect(escapeAttr('a"b<c>&')).toBe('a&quot;b&lt;c&gt;&amp;');
    const read = readBlock(html);
    expect(parseBlock('quote', '', read.resource!)).toEqual({ content: '<p>"x" onload="alert(1)" & </div><script>1</script></p>', label: "O'Neil" });
  });

  it('refuses unknown types, invalid JSON and invalid data; strips unknown fields and trims texts', () => {
    expect(parseBlock('script', '', '{}')).toBeUndefined();
    expect(parseBlock('media', 'flash', '{"url":"https://x.com"}')).toBeUndefined();
    expect(parseBlock('iframe', 'infographic', '{"url":')).toBeUndefined();
    expect(parseBlock('media', 'videoaula', '')).toBeUndefined();
    expect(parseBlock('media', 'videoaula', '{"url":"javascript:alert(1)"}')).toBeUndefined();
    expect(parseBlock('media', 'videoaula', '["https://x.com"]')).toBeUndefined();
    expect(parseBlock('warning', undefined, '{"content":" <p>x</p> ","onclick":"x"}')).toEqual({ content: '<p>x</p>' });
    expect(parseBlock('warning', null, '{"content":"<p>x</p>"}')).toEqual({ content: '<p>x</p>' });
  });
});

describe('video and podcast addresses', () => {
  it('turns YouTube and Vimeo links, short links and embed snippets into embed addresses', () => {
    const yt = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
    expect(toVideoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s')).toBe(yt);
    expect(toVideoEmbedUrl(' https://m.youtube.com/watch?v=dQw4w9WgXcQ ')).toBe(yt);
    expect(toVideoEmbedUrl('https://youtu.be/dQw4w9WgXcQ?si=abc')).toBe(yt);
    expect(toVideoEmbedUrl('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe(yt);
    expect(toVideoEmbedUrl(yt)).toBe(yt);
    expect(toVideoEmbedUrl('<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>')).toBe(yt);
    expect(toVideoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(toVideoEmbedUrl('https://player.vimeo.com/video/76979871?h=abc')).toBe('https://player.vimeo.com/video/76979871');
  });

  it('refuses other hosts, other schemes and malformed ids', () => {
    for (const bad of ['', 'texto', 'javascript:alert(1)', 'https://evil.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=<script>', 'https://www.youtube.com/', 'https://vimeo.com/abc', '<iframe src="javascript:x"></iframe>']) {
      expect(toVideoEmbedUrl(bad), bad).toBeUndefined();
    }
  });

  it('keeps a podcast address, reduces an embed snippet to its source, and explains what is missing', () => {
    expect(toPodcastUrl(' https://open.spotify.com/episode/abc ')).toEqual({ url: 'https://open.spotify.com/episode/abc' });
    expect(toPodcastUrl('<iframe style="border-radius:12px" src="https://open.spotify.com/embed/episode/abc" width="100%" height="152"></iframe>')).toEqual({
      url: 'https://open.spotify.com/embed/episode/abc',
    });
    expect(toPodcastUrl('')).toEqual({ error: RESOURCE_MSG.podcastMissing });
    expect(toPodcastUrl('meu podcast')).toEqual({ error: RESOURCE_MSG.podcastMissing });
    expect(toPodcastUrl('<iframe data-x="https://w.soundcloud.com/player"></iframe>')).toEqual({ error: 'Insira o link do incorporar de w.soundcloud.com' });
    expect(toPodcastUrl('<iframe src="javascript:alert(1)"></iframe>')).toEqual({ error: 'Insira o link do incorporar de podcast' });
  });
});

describe('isUnitComplete (spec 2 §5, sending for analysis)', () => {
  const complete = {
    authors: ['Ana'],
    bibliographicReference: ['Livro'],
    learningObjectives: ['Somar frações'],
    levelOfLearning: ['Graduação'],
    knowledges: [{ id: 1 }],
    introduction: '<p>Introdução</p>',
    synthesis: '<p>Síntese</p>',
  };

  it('needs one non-empty entry of each list, a knowledge area, an introduction and a synthesis', () => {
    expect(isUnitComplete(complete)).toBe(true);
    expect(isUnitComplete({ ...complete, authors: ['', ' '] })).toBe(false);
    expect(isUnitComplete({ ...complete, bibliographicReference: [] })).toBe(false);
    expect(isUnitComplete({ ...complete, learningObjectives: [''] })).toBe(false);
    expect(isUnitComplete({ ...complete, levelOfLearning: [] })).toBe(false);
    expect(isUnitComplete({ ...complete, knowledges: [] })).toBe(false);
    expect(isUnitComplete({ ...complete, introduction: '<p>&nbsp;</p>' })).toBe(false);
    expect(isUnitComplete({ ...complete, synthesis: '' })).toBe(false);
  });

  it('counts an image or a resource block as content', () => {
    expect(isUnitComplete({ ...complete, introduction: '<p><img src="/uploads/images/a.png"></p>' })).toBe(true);
    expect(isUnitComplete({ ...complete, synthesis: sampleBlockHtml('videoaula') })).toBe(true);
  });
});

describe('externalImagesOf', () => {
  it('finds the external images a save imports: <img>s, Figura blocks and images in blocks\' rich text, never ours or frames', () => {
    const html =
      '<p><img src="https://a.exemplo.com.br/1.png"><img src="/uploads/images/ours.png"></p>' +
      blockHtml('picture', '', { name: 'F', resource: 'R', descripiton: 'D', url: 'http://b.exemplo.com.br/2.gif' }) +
      blockHtml('warning', '', { content: '<p><img src="https://c.exemplo.com.br/3.jpg"></p>' }) +
      sampleBlockHtml('videoaula') +
      sampleBlockHtml('iframe') +
      sampleBlockHtml('picture');
    expect(externalImagesOf(html)).toEqual(['https://a.exemplo.com.br/1.png', 'http://b.exemplo.com.br/2.gif', 'https://c.exemplo.com.br/3.jpg']);
    expect(externalImagesOf('<p>nada</p>')).toEqual([]);
  });
});
