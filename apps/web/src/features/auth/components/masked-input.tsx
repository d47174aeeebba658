import { InputBase } from '@mantine/core';
import type { FocusEventHandler, ReactNode } from 'react';
import { IMaskInput } from 'react-imask';

type MaskedInputProps = {
  label: ReactNode;
  /** IMask pattern, e.g. CPF_MASK ('000.000.000-00') or CNPJ_MASK. */
  mask: string;
  value?: string;
  /** Receives the masked text; works with Mantine form's getInputProps. */
  onChange: (value: string) => void;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  error?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  autoComplete?: string;
};

/** A Mantine text input with a digits mask (CPF, CNPJ). */
export function MaskedInput({ mask, value, onChange, ...rest }: MaskedInputProps) {
  return (
    <InputBase
      {...rest}
      component={IMaskInput}
      mask={mask}
      value={value ?? ''}
      inputMode="numeric"
      onAccept={(next: string) => {
        if (next !== (value ?? '')) onChange(next);
      }}
    />
  );
}
