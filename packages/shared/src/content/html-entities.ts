/** HTML character references (`&amp;`, `&nbsp;`, `&aacute;`, `&#233;`…) as text, for the parser of stored HTML. */

const NAMED: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  nbsp: '\u00a0', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'",
  ndash: '–', mdash: '—', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', hellip: '…', bull: '•',
  middot: '·', deg: '°', ordm: 'º', ordf: 'ª', sect: '§', para: '¶', copy: '©', reg: '®', trade: '™', euro: '€', cent: '¢',
  pound: '£', times: '×', divide: '÷', plusmn: '±', frac12: '½', frac14: '¼', frac34: '¾', sup1: '¹', sup2: '²', sup3: '³',
  iexcl: '¡', iquest: '¿', shy: '\u00ad', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009', zwnj: '\u200c', zwj: '\u200d',
});
// Latin letters with accents (Portuguese and its neighbours): &aacute; &Ccedil; &otilde; …
for (const [base, marks] of Object.entries({ a: 'acute grave circ tilde uml ring', e: 'acute grave circ uml', i: 'acute grave circ uml', o: 'acute grave circ tilde uml', u: 'acute grave circ uml', n: 'tilde', c: 'cedil', y: 'acute uml' })) {
  for (const mark of marks.split(' ')) {
    const combining = { acute: '\u0301', grave: '\u0300', circ: '\u0302', tilde: '\u0303', uml: '\u0308', ring: '\u030a', cedil: '\u0327' }[mark]!;
    NAMED[`${base}${mark}`] = `${base}${combining}`.normalize('NFC');
    NAMED[`${base.toUpperCase()}${mark}`] = `${base.toUpperCase()}${combining}`.normalize('NFC');
  }
}

/** Text with its character references resolved; an unknown or invalid reference stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]{1,8}|#[0-9]{1,10}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}
