import { createContext } from 'react';

/**
 * The level of the reader's page heading (the cover title is one above it): 3 under a page's h1 and the unit's h2
 * cover, 2 where the cover itself is the page's h1. The question blocks' titles and the headings an author wrote in a
 * topic sit below it, so the page's outline never skips a level.
 */
export const PageHeadingLevelContext = createContext(3);

export type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
export const headingTag = (level: number): HeadingTag => `h${Math.min(Math.max(level, 1), 6)}` as HeadingTag;
