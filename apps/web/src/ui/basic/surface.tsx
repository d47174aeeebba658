/** A bordered card (Mantine's Card / Paper `withBorder`, radius md) as a plain element: `section`, `div` or `form`. */
import type { HTMLAttributes } from 'react';
import classes from './basic.module.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article';
  /** `sm` (12 px), `md` (16 px, the default), `wide` (16 px on phones, 32 px from 768 px). */
  padding?: 'sm' | 'md' | 'wide';
}

export function Card({ as: Tag = 'div', padding = 'md', className, ...rest }: CardProps) {
  return <Tag {...rest} data-padding={padding} className={className ? `${classes.card} ${className}` : classes.card} />;
}
