import { Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@edu/shared/messages';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AuthLayout } from '../components/auth-layout';
import { confirmEmail } from '../api';

/** E-mail confirmation (spec 1 §2.5) from the link of the institution sign-up e-mail (?email=…&token=…). */
export default function ConfirmEmailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [confirmed, setConfirmed] = useState(false);
  // The link is single-use: StrictMode runs effects twice in development, so post it only once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const email = params.get('email')?.trim() ?? '';
    const token = params.get('token')?.trim() ?? '';
    const fail = () => {
      toastError(MSG.confirmEmailFail);
      navigate('/', { replace: true });
    };
    if (!email || !token) return fail();
    confirmEmail(email, token).then(() => {
      toastSuccess(MSG.confirmEmailSuccess);
      setConfirmed(true);
    }, fail);
  }, [params, navigate]);

  return (
    <AuthLayout>
      {confirmed ? (
        <Stack align="center" ta="center" gap="md" py="md">
          <ThemeIcon color="green" variant="light" size={64} radius="xl">
            <IconCircleCheck size={40} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h2">{MSG.confirmEmailTitle}</Title>
          <Text c="dimmed">
            Enviamos uma senha provisória para o seu e-mail. Faça login com ela e, no primeiro acesso, defina uma nova
            senha.
          </Text>
          <Button component={Link} to="/" size="md" fullWidth>
            Fazer Login
          </Button>
        </Stack>
      ) : (
        <Center py="xl">
          <Stack align="center" gap="sm" role="status" aria-live="polite">
            <Loader size="lg" />
            <Text>Confirmando seu e-mail...</Text>
          </Stack>
        </Center>
      )}
    </AuthLayout>
  );
}
