import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';

/** Mantine's PasswordInput with its show/hide button named in pt-BR (Mantine names it 'Toggle password visibility'). */
export function PasswordInput(props: PasswordInputProps) {
  return <MantinePasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar a senha', ...props.visibilityToggleButtonProps }} />;
}
