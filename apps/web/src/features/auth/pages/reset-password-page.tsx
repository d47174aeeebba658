import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { PasswordInput } from '../../../ui/password-input';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { passwordPair } from '@edu/shared/auth';
import { MSG } from '@edu/shared/messages';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, zodForm } from '../../../lib/form';
import { session } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AuthLayout } from '../components/auth-layout';
import { resetPassword } from '../api';

function NewLinkAnchor() {
  return (
    // Inside a red alert: the alert's own text colour, underlined (the link blue is under 4.5:1 on its pink).
    <Anchor component={Link} to="/forgot-password" fw={500} c="inherit" underline="always">
      Solicitar um novo link
    </Anchor>
  );
}

/** Password reset (spec 1 §2.6) with the single-use token from the e-mail link (?token=…). */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [linkError, setLinkError] = useState<string | null>(null);
  // passwordPair is resetPasswordBody without the token: same rules, same messages.
  const form = useForm({ initialValues: { password: '', password_confirmation: '' }, validate: zodForm(passwordPair) });

  async function submit(values: typeof form.values) {
    setLinkError(null);
    try {
      await resetPassword({ token, ...values });
      session.clear();
      toastSuccess(MSG.resetSuccess);
      navigate('/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 429 || err.status === 0)) {
        toastError(err.message, MSG.resetFail);
        return;
      }
      toastError(MSG.resetFail);
      if (applyServerErrors(form, err)) {
        const tokenError = (err as ApiError).fields.token;
        if (tokenError) setLinkError(tokenError);
      } else if (err instanceof ApiError && err.status === 400) {
        // Used, expired or unknown link: the server says which.
        setLinkError(err.message);
      }
    }
  }

  if (!token) {
    return (
      <AuthLayout>
        <Stack>
          <Title order={1} size="h2">Redefinir senha</Title>
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Link inválido" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{MSG.tokenMissing}</Text>
              <NewLinkAnchor />
            </Stack>
          </Alert>
          <Anchor component={Link} to="/" size="sm" ta="center">
            Voltar para o login
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <div>
            <Title order={1} size="h2">Redefinir senha</Title>
            <Text c="dimmed" size="sm">
              Escolha uma nova senha com no mínimo 6 caracteres.
            </Text>
          </div>
          {linkError && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={MSG.resetFail} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{linkError}</Text>
                <NewLinkAnchor />
              </Stack>
            </Alert>
          )}
          <PasswordInput label="Nova senha" autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordInput
            label="Confirmar senha"
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            Salvar
          </Button>
          <Anchor component={Link} to="/" size="sm" ta="center">
            Voltar para o login
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
