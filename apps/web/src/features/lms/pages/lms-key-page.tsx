import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { PasswordInput } from '../../../ui/password-input';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { signinBody, type SigninBody } from '@edu/shared/auth';
import { MSG } from '@edu/shared/messages';
import { ApiError } from '../../../lib/api';
import { zodForm } from '../../../lib/form';
import { WithQuery } from '../../../lib/query';
import { session, useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { confirm } from '../../../ui/confirm';
import { LmsKeyDialog } from '../components/lms-key-dialog';
import { PublicPage } from '../components/public-page';
import { signIn, signOut } from '../../auth';
import { generateLmsKey } from '../api';

/** /lms-key (spec 1 §2.7): sign in as the institution and generate its LMS key, shown once. */
export default function LmsKeyPage() {
  return (
    <WithQuery>
      <PublicPage>
        <Stack>
          <Group gap="xs">
            <IconKey size={28} aria-hidden />
            <Title order={1} fz="h2">
              Gerar chave LMS
            </Title>
          </Group>
          <Text>
            Bem-vindo(a)! Nesta página você gera a chave LMS da sua instituição, usada para integrar o seu LMS à plataforma.
          </Text>
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title="Atenção">
            Ao gerar uma nova chave, a chave anterior é excluída e todas as unidades vinculadas a ela são desvinculadas.
          </Alert>
          <LmsKeyContent />
          <Anchor component={Link} to="/docs/lms/key_generator" size="sm">
            Veja o tutorial: como gerar e usar a chave LMS
          </Anchor>
        </Stack>
      </PublicPage>
    </WithQuery>
  );
}

function LmsKeyContent() {
  const user = useSessionUser();
  if (!user) return <LmsLoginForm />;
  return <GenerateKey />;
}

function LmsLoginForm() {
  const form = useForm<SigninBody>({ initialValues: { email: '', password: '' }, validate: zodForm(signinBody) });

  async function submit(values: SigninBody) {
    try {
      const { token, ...user } = await signIn(values);
      const refusal = !user.seller ? MSG.lmsKeySellerOnly : user.type !== 'seller' ? MSG.lmsKeyAdminOnly : null;
      if (refusal) {
        // The page requires the institution's own user: the session just opened is closed again.
        await signOut(token).catch(() => undefined);
        toastError(refusal, MSG.loginFailTitle);
        return;
      }
      session.start(token, user);
      toastSuccess(MSG.loginSuccess, MSG.loginSuccessTitle);
    } catch (err) {
      const specific = err instanceof ApiError && (err.status === 429 || err.status === 403) ? err.message : MSG.loginFail;
      toastError(specific, MSG.loginFailTitle);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Entrar para gerar a chave LMS">
      <Stack>
        <Text fw={500}>Entre com o e-mail e a senha do usuário da sua instituição.</Text>
        <TextInput label="E-mail" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <PasswordInput label="Senha" autoComplete="current-password" required {...form.getInputProps('password')} />
        <Button type="submit" loading={form.submitting}>
          Entrar
        </Button>
      </Stack>
    </form>
  );
}

function GenerateKey() {
  const user = useSessionUser()!;
  const [busy, setBusy] = useState(false);
  const [shownKey, setShownKey] = useState<string | null>(null);

  async function signOut() {
    await signOut().catch(() => undefined);
    session.clear();
  }

  if (!user.seller || user.type !== 'seller') {
    return (
      <Stack>
        <Alert color="red" role="alert">
          {user.seller ? MSG.lmsKeyAdminOnly : MSG.lmsKeySellerOnly}
        </Alert>
        <Group>
          <Button component={Link} to="/dashboard" variant="light">
            Ir para o painel
          </Button>
          <Button variant="subtle" color="gray" onClick={signOut}>
            Entrar com outro usuário
          </Button>
        </Group>
      </Stack>
    );
  }
  if (user.mustChangePassword) {
    return (
      <Stack>
        <Alert color="yellow">{MSG.mustChangePassword}</Alert>
        <Button component={Link} to="/dashboard">
          Definir nova senha
        </Button>
      </Stack>
    );
  }

  async function generate() {
    const sellerId = user.seller!.id;
    const ok = await confirm({ title: MSG.lmsKeyConfirmTitle, message: MSG.lmsKeyConfirm, confirmLabel: 'Gerar chave LMS', danger: true });
    if (!ok) return;
    setBusy(true);
    try {
      const { lms_key } = await generateLmsKey(sellerId);
      session.setLmsKey(lms_key);
      setShownKey(lms_key);
    } catch (err) {
      const passwordChange = err instanceof ApiError && err.code === 'PASSWORD_CHANGE_REQUIRED';
      toastError(passwordChange ? err.message : MSG.profileFail, MSG.profileFailTitle);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <Text>
        Você está conectado(a) como <strong>{user.name}</strong>.
      </Text>
      <Group>
        <Button leftSection={<IconKey size={18} />} onClick={generate} loading={busy}>
          Gerar chave LMS
        </Button>
        <Button component={Link} to="/dashboard" variant="default">
          Ir para o painel
        </Button>
        <Button variant="subtle" color="gray" onClick={signOut}>
          Sair
        </Button>
      </Group>
      <LmsKeyDialog lmsKey={shownKey} onClose={() => setShownKey(null)} />
    </Stack>
  );
}
