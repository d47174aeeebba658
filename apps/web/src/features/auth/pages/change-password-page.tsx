import { Button, Stack, Text, Title } from '@mantine/core';
import { PasswordInput } from '../../../ui/password-input';
import { useForm } from '@mantine/form';
import { passwordPair } from '@edu/shared/auth';
import { MSG } from '@edu/shared/messages';
import { session } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { applyServerErrors, zodForm } from '../../../lib/form';
import { AuthLayout } from '../components/auth-layout';
import { fetchMe, signOut, updatePassword } from '../api';

/** First sign-in with a random password: the user must choose a new one before anything else. */
export default function ChangePasswordPage() {
  const form = useForm({ initialValues: { password: '', password_confirmation: '' }, validate: zodForm(passwordPair) });

  async function submit(values: typeof form.values) {
    try {
      await updatePassword(values);
      session.setUser(await fetchMe());
      toastSuccess(MSG.passwordChanged);
    } catch (err) {
      if (!applyServerErrors(form, err)) toastError(MSG.resetFail, MSG.loginFailTitle);
    }
  }

  return (
    <AuthLayout>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Title order={1} size="h2">Defina sua nova senha</Title>
          <Text c="dimmed" size="sm">
            Você entrou com uma senha provisória. Para continuar, escolha uma senha pessoal com no mínimo 6 caracteres.
          </Text>
          <PasswordInput label="Nova senha" autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordInput label="Confirmar nova senha" autoComplete="new-password" required {...form.getInputProps('password_confirmation')} />
          <Button type="submit" loading={form.submitting}>
            Salvar
          </Button>
          <Button variant="subtle" color="gray" onClick={() => { void signOut().catch(() => undefined); session.clear(); }}>
            Sair
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
