import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordBody } from '@edu/shared/auth';
import { MSG } from '@edu/shared/messages';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, zodForm } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AuthLayout } from '../components/auth-layout';
import { forgotPassword } from '../api';

/** Password recovery (spec 1 §2.6): a reset link is mailed to the address. */
export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: zodForm(forgotPasswordBody) });

  async function submit(values: typeof form.values) {
    try {
      await forgotPassword(values.email.trim());
      setSentTo(values.email.trim());
      toastSuccess(MSG.forgotSuccess);
    } catch (err) {
      setSentTo(null);
      if (err instanceof ApiError && err.status === 404) {
        form.setFieldError('email', MSG.forgotFail);
        toastError(MSG.forgotFail);
      } else if (applyServerErrors(form, err)) {
        toastError(MSG.forgotFail);
      } else if (err instanceof ApiError && (err.status === 429 || err.status === 0)) {
        toastError(err.message);
      } else {
        toastError(MSG.generic);
      }
    }
  }

  return (
    <AuthLayout>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <div>
            <Title order={1} size="h2">Esqueceu sua senha?</Title>
            <Text c="dimmed" size="sm">
              Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha.
            </Text>
          </div>
          {sentTo && (
            <Alert color="green" icon={<IconMailCheck aria-hidden />} title="Verifique seu e-mail" role="status">
              {MSG.forgotSuccess} Enviamos o link para <strong>{sentTo}</strong>; ele vale por uma hora. Se não encontrar,
              confira a caixa de spam.
            </Alert>
          )}
          <TextInput label="E-mail" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <Button type="submit" loading={form.submitting} fullWidth>
            Enviar
          </Button>
          <Text size="sm" ta="center">
            Lembrou a senha?{' '}
            <Anchor component={Link} to="/">
              Voltar para o login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
