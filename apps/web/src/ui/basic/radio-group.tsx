/**
 * A group of native radios under a legend (Mantine's Radio.Group look): arrow keys move between the options, Space
 * picks one. The question blocks draw their own options; this is the plain list ('Relatar Problema').
 */
import { useId } from 'react';
import classes from './basic.module.css';

export interface RadioGroupProps<T extends string> {
  label: string;
  options: readonly T[];
  value: T | null;
  onChange(value: T): void;
  withAsterisk?: boolean;
  name?: string;
}

export function RadioGroup<T extends string>({ label, options, value, onChange, withAsterisk, name }: RadioGroupProps<T>) {
  const id = useId();
  return (
    <fieldset className={classes.fieldset} role="radiogroup" aria-labelledby={`${id}-label`}>
      <legend className={classes.label} id={`${id}-label`}>
        {label}
        {withAsterisk && (
          <span className={classes.required} aria-hidden>
            *
          </span>
        )}
      </legend>
      <div className={classes.radioList}>
        {options.map((option) => (
          <label key={option} className={classes.radio}>
            <input
              type="radio"
              className={classes.radioInput}
              name={name ?? id}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span className={classes.radioLabel}>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
