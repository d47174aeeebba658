/**
 * A button drawn like the app's Mantine buttons (`filled`, `default`, `light`), on a native <button>: the shared
 * renderer and the student viewer use it, so the viewer loads no Mantine. `loading` keeps the button's width, shows a
 * spinner and disables it (as Mantine's does).
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import classes from './basic.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'filled' | 'default' | 'light';
  color?: 'blue' | 'red';
  size?: 'xs' | 'sm' | 'compact';
  loading?: boolean;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  fullWidth?: boolean;
}

export function Button({
  variant = 'filled',
  color = 'blue',
  size = 'sm',
  loading = false,
  leftSection,
  rightSection,
  fullWidth = false,
  className,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={className ? `${classes.button} ${className}` : classes.button}
      data-variant={variant}
      data-color={color}
      data-size={size}
      data-loading={loading || undefined}
      data-full={fullWidth || undefined}
      data-with-left={leftSection ? '' : undefined}
      data-with-right={rightSection ? '' : undefined}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      <span className={classes.buttonLabel}>
        {leftSection}
        <span>{children}</span>
        {rightSection}
      </span>
      {loading && (
        <span className={classes.buttonLoader} aria-hidden>
          <span className={classes.loader} data-size="xs" data-on-filled="" />
        </span>
      )}
    </button>
  );
}

/** A button that reads as a link (a small action beside a text: 'Trocar'). */
export function TextButton({ className, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button {...rest} type={type} className={className ? `${classes.textButton} ${className}` : classes.textButton} />;
}
