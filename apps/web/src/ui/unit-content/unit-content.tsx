/**
 * THE unit reader (spec 2 §2.4), used by every view of a unit (studio preview, unit preview, review,
 * and later store, catalogue, student viewer, packages): a cover with title, authors and cover image;
 * a menu with 'Introdução', the numbered topics and 'Síntese'; one page at a time — page 0 is the
 * introduction with the learning objectives, pages 1…n the topics, the last page the synthesis with
 * the references — and 'Anterior' / 'Próximo'. The page is controlled (`page` + `onPageChange`) or
 * kept inside. Laid out by its own width (container queries): menu on the side from 760 px, on top
 * (scrolling sideways) below.
 */
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { isAllowedImageSrc } from '@edu/shared/content/html-allow-list';
import type { UnitContentView } from '@edu/shared/content/unit-content';
import { Button } from '../basic/button';
import { TopicContent } from './topic-content';
import { headingTag, PageHeadingLevelContext } from './heading-level';
import classes from './unit-content.module.css';

export interface UnitContentProps {
  unit: UnitContentView;
  /** Current page (0 = introduction, last = synthesis). Without it the reader keeps its own page. */
  page?: number;
  onPageChange?(page: number): void;
  /** Shown on the cover (e.g. 'Relatar Problema'). */
  actions?: ReactNode;
  /** The cover title's heading level: 2 (default) under the page's own h1, 1 where the unit's title is the page's title. */
  titleLevel?: 1 | 2;
}

export const UNIT_TEXT = {
  introduction: 'Introdução',
  objectives: 'Objetivos de aprendizagem',
  synthesis: 'Síntese',
  references: 'Referências',
  previous: 'Anterior',
  next: 'Próximo',
  menu: 'Sumário da unidade',
  untitled: 'Unidade sem título',
  topic: (n: number) => `Tópico ${n}`,
  pageOf: (n: number, total: number) => `Página ${n} de ${total}`,
  empty: 'Nenhum conteúdo ainda.',
  authors: (names: string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}`),
} as const;

interface PageEntry {
  number?: number;
  label: string;
}

/** The pages of a unit, in order. */
export function unitPages(unit: UnitContentView): PageEntry[] {
  return [
    { label: UNIT_TEXT.introduction },
    ...unit.topics.map((t, i) => ({ number: i + 1, label: t.title.trim() || UNIT_TEXT.topic(i + 1) })),
    { label: UNIT_TEXT.synthesis },
  ];
}

const filled = (list: string[]) => list.map((s) => s.trim()).filter(Boolean);

function Body({ html }: { html: string }) {
  return html.trim() ? <TopicContent html={html} /> : <p className={classes.empty}>{UNIT_TEXT.empty}</p>;
}

export function UnitContent({ unit, page, onPageChange, actions, titleLevel = 2 }: UnitContentProps) {
  const id = useId();
  const Cover = headingTag(titleLevel);
  const PageTitle = headingTag(titleLevel + 1);
  const Section = headingTag(titleLevel + 2);
  const [ownPage, setOwnPage] = useState(0);
  const [failedCover, setFailedCover] = useState<string | null>(null);
  const pages = unitPages(unit);
  const last = pages.length - 1;
  const current = Math.min(Math.max(page ?? ownPage, 0), last);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const go = (next: number) => {
    const target = Math.min(Math.max(next, 0), last);
    if (target === current) return;
    moved.current = true;
    if (page === undefined) setOwnPage(target);
    onPageChange?.(target);
  };

  // After a page change, focus its heading: keyboard and screen-reader users land on the new page,
  // and the browser scrolls it into view.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.focus();
  }, [current]);

  const authors = filled(unit.authors);
  const cover = unit.mediaUrl && isAllowedImageSrc(unit.mediaUrl) && unit.mediaUrl !== failedCover ? unit.mediaUrl : null;
  const entry = pages[current]!;
  const objectives = filled(unit.learningObjectives);
  const references = filled(unit.bibliographicReference);

  return (
    <article className={classes.reader} aria-labelledby={`${id}-title`} data-testid="unit-content">
      <header className={classes.cover} data-no-image={cover ? undefined : ''}>
        {cover && <img className={classes.coverImage} src={cover} alt="" onError={() => setFailedCover(cover)} />}
        <div>
          <Cover id={`${id}-title`} className={classes.coverTitle}>
            {unit.title.trim() || UNIT_TEXT.untitled}
          </Cover>
          {authors.length > 0 && <p className={classes.coverAuthors}>{UNIT_TEXT.authors(authors)}</p>}
          {actions && <div style={{ marginTop: 12 }}>{actions}</div>}
        </div>
      </header>

      <div className={classes.layout}>
        <nav className={classes.nav} aria-label={UNIT_TEXT.menu}>
          <ul className={classes.menu}>
            {pages.map((p, index) => (
              <li key={index}>
                <button
                  type="button"
                  className={classes.menuItem}
                  aria-current={index === current ? 'page' : undefined}
                  onClick={() => go(index)}
                  title={p.number ? `${p.number}. ${p.label}` : p.label}
                >
                  {p.number !== undefined && <span className={classes.menuNumber}>{p.number}.</span>}
                  <span className={classes.menuLabel}>{p.label}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>

        <PageHeadingLevelContext.Provider value={titleLevel + 1}>
        <section className={classes.page} aria-labelledby={`${id}-page`}>
          <PageTitle id={`${id}-page`} ref={headingRef} tabIndex={-1} className={classes.pageTitle}>
            {entry.number !== undefined ? `${entry.number}. ${entry.label}` : entry.label}
          </PageTitle>

          {current === 0 && (
            <>
              <Body html={unit.introduction} />
              {objectives.length > 0 && (
                <>
                  <Section className={classes.sectionTitle}>{UNIT_TEXT.objectives}</Section>
                  <ul className={classes.plainList}>
                    {objectives.map((o, i) => (
                      <li key={i}>{o}</li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
          {current > 0 && current < last && <Body key={current} html={unit.topics[current - 1]?.content ?? ''} />}
          {current === last && (
            <>
              <Body html={unit.synthesis} />
              {references.length > 0 && (
                <>
                  <Section className={classes.sectionTitle}>{UNIT_TEXT.references}</Section>
                  <ul className={classes.plainList}>
                    {references.map((r, i) => (
                      <li key={i}>{r}</li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}

          <div className={classes.pager}>
            <Button variant="default" leftSection={<IconChevronLeft size={16} aria-hidden />} disabled={current === 0} onClick={() => go(current - 1)}>
              {UNIT_TEXT.previous}
            </Button>
            <p className={classes.pagerPosition} aria-live="polite">
              {UNIT_TEXT.pageOf(current + 1, pages.length)}
            </p>
            <Button rightSection={<IconChevronRight size={16} aria-hidden />} disabled={current === last} onClick={() => go(current + 1)}>
              {UNIT_TEXT.next}
            </Button>
          </div>
        </section>
        </PageHeadingLevelContext.Provider>
      </div>
    </article>
  );
}
