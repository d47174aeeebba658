import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { PasswordInput } from '../../../ui/password-input';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import type { SigninBody } from '@edu/shared/auth';
import { MSG } from '@edu/shared/messages';
import { ApiError } from '../../../lib/api';
import { session } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AuthLayout } from '../components/auth-layout';

/**
 * The auth contract (its zod schemas: 25 KB of gzip JavaScript) is fetched when the form is first
 * used, not to draw the page: the sign-in page stays under its budget (docs/performance.md). The
 * checks are still the contract's, run on submit as before.
 */
const loadContract = () => import('../api');

export default function LoginPage() {
  const navigate = useNavigate();
  const form = useForm<SigninBody>({ initialValues: { email: '', password: '' } });

  async function submit(values: SigninBody) {
    let contract: Awaited<ReturnType<typeof loadContract>>;
    try {
      contract = await loadContract();
    } catch {
      toastError(MSG.loginFail, MSG.loginFailTitle);
      return;
    }
    const { signIn, signinErrors } = contract;
    const errors = signinErrors(values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const { token, ...user } = await signIn(values);
      session.start(token, user);
      toastSuccess(MSG.loginSuccess, MSG.loginSuccessTitle);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      // A 503 (the service briefly unavailable) is not a wrong password: the API client's toast already says so.
      if (err instanceof ApiError && err.status === 503) return;
      const specific = err instanceof ApiError && (err.status === 429 || err.status === 403) ? err.message : MSG.loginFail;
      toastError(specific, MSG.loginFailTitle);
    }
  }

  return (
    <AuthLayout>
      <form onSubmit={form.onSubmit(submit)} onFocus={() => void loadContract()} noValidate>
        <Stack>
          <div>
            <Title order={1} size="h2">Entrar</Title>
            <Text c="dimmed" size="sm">
              Acesse com o seu e-mail e senha.
            </Text>
          </div>
          <TextInput label="E-mail" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput label="Senha" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Anchor component={Link} to="/forgot-password" size="sm" ta="right">
            Esqueci minha senha
          </Anchor>
          <Button type="submit" loading={form.submitting} fullWidth>
            Entrar
          </Button>
          <Text size="sm" ta="center">
            Ainda não tem conta?{' '}
            <Anchor component={Link} to="/signup">
              Cadastre-se
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
