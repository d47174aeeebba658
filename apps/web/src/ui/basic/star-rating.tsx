/**
 * A star vote of native radios (one per star, named by `symbolLabel`): arrow keys move, Space picks; hovering shows
 * what a click would pick. Drawn like Mantine's Rating (size xl, yellow).
 */
import { useId, useState } from 'react';
import classes from './basic.module.css';

export interface StarRatingProps {
  value: number;
  onChange(value: number): void;
  count: number;
  label: string;
  symbolLabel(value: number): string;
  name?: string;
}

const STAR = 'M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z';

export function StarRating({ value, onChange, count, label, symbolLabel, name }: StarRatingProps) {
  const id = useId();
  const [hovered, setHovered] = useState(0);
  return (
    <div className={classes.stars} role="radiogroup" aria-label={label} onMouseLeave={() => setHovered(0)}>
      {Array.from({ length: count }, (_, i) => i + 1).map((star) => (
        <label key={star} className={classes.star} data-filled={star <= value || undefined} data-hovered={star <= hovered || undefined} onMouseEnter={() => setHovered(star)}>
          <input type="radio" name={name ?? id} value={star} checked={value === star} onChange={() => onChange(star)} aria-label={symbolLabel(star)} />
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" aria-hidden>
            <path d={STAR} />
          </svg>
        </label>
      ))}
    </div>
  );
}
