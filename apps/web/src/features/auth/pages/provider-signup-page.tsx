import { Badge, Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { providerSignupBody, type ProfileType, type ProviderSignupBody } from '@edu/shared/auth';
import { MSG } from '@edu/shared/messages';
import { ApiError } from '../../../lib/api';
import { applyServerErrors } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AuthLayout } from '../components/auth-layout';
import { ProfileTypePicker } from '../components/profile-type-picker';
import {
  CompanyFields,
  emptyProviderForm,
  LIBERAL_STEP1_FIELDS,
  LiberalIdentityFields,
  LiberalProfileFields,
  providerPayload,
  type ProviderFormValues,
} from '../components/provider-signup-fields';
import { focusFirstError, hasErrors, pickErrors, schemaErrors, type FieldErrors } from '../components/signup-errors';
import { SignupTabs } from '../components/signup-tabs';
import { providerSignup } from '../api';

/** Provider sign-up (spec 1 §2.3): profile type first, then one or two steps depending on it. */
export default function ProviderSignupPage() {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<ProfileType | null>(null);
  const [choiceError, setChoiceError] = useState<string>();
  const [type, setType] = useState<ProfileType | null>(null);
  const [active, setActive] = useState(0);
  const form = useForm<ProviderFormValues>({ initialValues: emptyProviderForm });
  const liberal = type === 'Profissional Liberal';

  const [pending, setPending] = useState(false);

  async function send(body: ProviderSignupBody) {
    setPending(true);
    try {
      await providerSignup(body);
      toastSuccess(MSG.providerSignupSuccess);
      navigate('/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        form.setFieldError('email', MSG.emailInUse);
        if (liberal) setActive(0);
        toastError(MSG.emailInUse, MSG.signupValidationTitle);
      } else if (applyServerErrors(form, err)) {
        if (liberal && hasErrors(pickErrors((err as ApiError).fields, LIBERAL_STEP1_FIELDS))) setActive(0);
        toastError(MSG.signupValidation, MSG.signupValidationTitle);
      } else if (err instanceof ApiError && err.status === 429) {
        toastError(err.message, MSG.signupValidationTitle);
      } else {
        toastError(MSG.unexpected, MSG.signupValidationTitle);
      }
      focusFirstError();
    } finally {
      setPending(false);
    }
  }

  function errorsFor(profile: ProfileType, values: ProviderFormValues): FieldErrors {
    // The name also fills nameProvider (and companyName for the independent professional).
    const rename: Record<string, string> = { nameProvider: 'nameUser' };
    if (profile === 'Profissional Liberal') rename.companyName = 'nameUser';
    return schemaErrors(providerSignupBody, providerPayload(profile, values), rename);
  }

  function showErrors(errors: FieldErrors) {
    form.setErrors(errors);
    toastError(MSG.signupValidation, MSG.signupValidationTitle);
    focusFirstError();
  }

  /** The step-2 marker and 'Avançar' check step 1 first (spec 1 §2.3, §5). */
  function goToProfileStep() {
    if (!type) return;
    const errors = pickErrors(errorsFor(type, form.getValues()), LIBERAL_STEP1_FIELDS);
    if (hasErrors(errors)) return showErrors(errors);
    form.clearErrors();
    setActive(1);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!type || pending) return;
    if (liberal && active === 0) return goToProfileStep();
    const values = form.getValues();
    const errors = errorsFor(type, values);
    if (hasErrors(errors)) {
      if (liberal && hasErrors(pickErrors(errors, LIBERAL_STEP1_FIELDS))) setActive(0);
      return showErrors(errors);
    }
    void send(providerPayload(type, values));
  }

  function confirmType() {
    if (!choice) {
      setChoiceError(MSG.required);
      return;
    }
    setChoiceError(undefined);
    form.clearErrors();
    setType(choice);
    setActive(0);
  }

  return (
    <AuthLayout width={680}>
      <SignupTabs active="provider">
        <Stack>
          <div>
            <Title order={1} size="h2">Cadastro de fornecedor</Title>
            <Text c="dimmed" size="sm">
              Depois do cadastro, nossa equipe analisa seus dados e envia o acesso por e-mail.
            </Text>
          </div>

          {!type ? (
            <>
              <ProfileTypePicker
                value={choice}
                onChange={(value) => {
                  setChoice(value);
                  setChoiceError(undefined);
                }}
                error={choiceError}
              />
              <Button onClick={confirmType} fullWidth>
                Continuar
              </Button>
            </>
          ) : (
            <form onSubmit={submit} noValidate aria-label={`Cadastro: ${type}`}>
              <Stack>
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs">
                    <Text size="sm" c="dimmed">
                      Perfil:
                    </Text>
                    <Badge variant="light" size="lg">
                      {type}
                    </Badge>
                  </Group>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconArrowLeft size={16} aria-hidden />}
                    onClick={() => setType(null)}
                    disabled={pending}
                  >
                    Trocar perfil
                  </Button>
                </Group>

                {liberal ? (
                  <Stepper
                    active={active}
                    onStepClick={(step) => (step === 1 ? goToProfileStep() : setActive(step))}
                    size="sm"
                  >
                    <Stepper.Step label="Dados pessoais" description="Nome, CPF e e-mail">
                      <LiberalIdentityFields form={form} />
                    </Stepper.Step>
                    <Stepper.Step label="Perfil profissional" description="Formação e experiência">
                      <LiberalProfileFields form={form} />
                    </Stepper.Step>
                  </Stepper>
                ) : (
                  <CompanyFields form={form} />
                )}

                {liberal && active === 0 ? (
                  <Button type="submit" fullWidth>
                    Avançar
                  </Button>
                ) : (
                  <Group grow>
                    {liberal && (
                      <Button variant="default" onClick={() => setActive(0)} disabled={pending}>
                        Voltar
                      </Button>
                    )}
                    <Button type="submit" loading={pending}>
                      Cadastrar
                    </Button>
                  </Group>
                )}
              </Stack>
            </form>
          )}
        </Stack>
      </SignupTabs>
    </AuthLayout>
  );
}
