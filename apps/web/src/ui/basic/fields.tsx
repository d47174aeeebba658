/**
 * Labelled native fields drawn like the app's Mantine inputs: a text input, a textarea that grows with its text
 * (CSS `field-sizing`, between `minRows` and `maxRows`), a native <select> (a phone's own picker, no floating layer).
 * The label names the field; an error is tied to it (`aria-describedby`, `aria-invalid`).
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import classes from './basic.module.css';

interface FieldFrame {
  label: ReactNode;
  error?: ReactNode;
  /** Shows the asterisk (the field's `required` attribute is the caller's). */
  withAsterisk?: boolean;
  className?: string;
}

function Frame({ id, label, error, withAsterisk, className, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className={className ? `${classes.field} ${className}` : classes.field}>
      <label className={classes.label} htmlFor={id}>
        {label}
        {withAsterisk && (
          <span className={classes.required} aria-hidden>
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p className={classes.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

const described = (id: string, error: ReactNode) => (error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {});

export function TextField({ label, error, withAsterisk, className, ...input }: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} withAsterisk={withAsterisk ?? input.required} className={className}>
      <input type="text" {...input} id={id} className={classes.input} {...described(id, error)} />
    </Frame>
  );
}

export function TextArea({
  label,
  error,
  withAsterisk,
  className,
  minRows = 3,
  maxRows = 8,
  ...input
}: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & { minRows?: number; maxRows?: number }) {
  const id = useId();
  const lines = (n: number) => `calc(${n} * 1.55em + 0.75rem)`;
  return (
    <Frame id={id} label={label} error={error} withAsterisk={withAsterisk ?? input.required} className={className}>
      <textarea
        rows={minRows}
        {...input}
        id={id}
        className={classes.input}
        style={{ minHeight: lines(minRows), maxHeight: lines(maxRows) }}
        {...described(id, error)}
      />
    </Frame>
  );
}

export function SelectField({
  label,
  error,
  className,
  options,
  ...select
}: FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & { options: readonly { value: string; label: string }[] }) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} className={className}>
      <select {...select} id={id} className={classes.input} {...described(id, error)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}
