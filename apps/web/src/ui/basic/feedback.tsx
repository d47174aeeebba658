/** Small plain pieces the renderer and the student viewer share: a loader, an alert, a badge. */
import type { HTMLAttributes, ReactNode } from 'react';
import classes from './basic.module.css';

/** A spinner; with `label` it is a `role="status"` block of its own (the page is busy), else decoration. */
export function Loader({ size = 'md', label }: { size?: 'xs' | 'sm' | 'md'; label?: string }) {
  const spinner = <span className={classes.loader} data-size={size} aria-hidden />;
  if (!label) return spinner;
  return (
    <div className={classes.loaderBlock} role="status" aria-busy="true" aria-label={label}>
      {spinner}
    </div>
  );
}

/** A tinted box (Mantine's light Alert), red unless said; its role is the caller's (`alert` for an error). */
export function Alert({ color = 'red', className, ...rest }: HTMLAttributes<HTMLDivElement> & { color?: 'red' | 'yellow' | 'green' | 'blue' }) {
  return <div {...rest} data-color={color} className={className ? `${classes.alert} ${className}` : classes.alert} />;
}

/** A small light badge (Mantine's `variant="light" size="sm"`). */
export function Badge({ color = 'blue', icon, children }: { color?: 'blue' | 'green' | 'red'; icon?: ReactNode; children: ReactNode }) {
  return (
    <span className={classes.badge} data-color={color}>
      {icon}
      {children}
    </span>
  );
}
