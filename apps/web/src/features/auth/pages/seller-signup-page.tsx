import { Button, Group, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { institutionSignupBody, type InstitutionSignupBody } from '@edu/shared/auth';
import { CNPJ_MASK, onlyDigits } from '@edu/shared/format';
import { MSG } from '@edu/shared/messages';
import { ApiError } from '../../../lib/api';
import { applyServerErrors } from '../../../lib/form';
import { WithQuery } from '../../../lib/query';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AuthLayout } from '../components/auth-layout';
import { LogoDropzone } from '../components/logo-dropzone';
import { MaskedInput } from '../components/masked-input';
import { PlanPicker } from '../components/plan-picker';
import { focusFirstError, hasErrors, pickErrors, schemaErrors } from '../components/signup-errors';
import { SignupTabs } from '../components/signup-tabs';
import { useInstitutionSignup } from '../api';

type Values = { nameUser: string; cnpj: string; sellerName: string; email: string; planId: string };

const STEP1_FIELDS = ['nameUser', 'cnpj', 'sellerName', 'email'] as const;

type Draft = Omit<InstitutionSignupBody, 'planId'> & { planId?: number };

function payload(v: Values): Draft {
  return {
    nameUser: v.nameUser.trim(),
    email: v.email.trim(),
    sellerName: v.sellerName.trim(),
    cnpj: onlyDigits(v.cnpj),
    // An unset plan fails the schema with 'Campo Obrigatório'.
    planId: v.planId ? Number(v.planId) : undefined,
    status: 'inative',
  };
}

/** Institution sign-up (spec 1 §2.4): data and optional logo, then a plan; the logo is sent after the account exists. */
export default function SellerSignupPage() {
  return (
    <WithQuery>
      <SellerSignup />
    </WithQuery>
  );
}

function SellerSignup() {
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const [logo, setLogo] = useState<File | null>(null);
  const form = useForm<Values>({ initialValues: { nameUser: '', cnpj: '', sellerName: '', email: '', planId: '' } });

  const signup = useInstitutionSignup({
    // The account exists; only the logo is missing. It can be sent later from the profile.
    onLogoFail: () => toastError(MSG.uploadFail, MSG.uploadFailTitle),
    onSuccess: (_created, { body }) => {
      toastSuccess(
        `Enviamos um link de confirmação para ${body.email}. Confirme seu e-mail para receber os dados de acesso.`,
        MSG.institutionSignupSuccess,
      );
      navigate('/', { replace: true });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) {
        form.setFieldError('email', MSG.emailInUse);
        setActive(0);
        toastError(MSG.emailInUse, MSG.signupValidationTitle);
      } else if (applyServerErrors(form, err)) {
        if (hasErrors(pickErrors((err as ApiError).fields, STEP1_FIELDS))) setActive(0);
        toastError(MSG.signupValidation, MSG.signupValidationTitle);
      } else if (err instanceof ApiError && err.status === 429) {
        toastError(err.message, MSG.signupValidationTitle);
      } else {
        toastError(MSG.unexpected, MSG.signupValidationTitle);
      }
      focusFirstError();
    },
  });

  const { value: planValue, onChange: onPlanChange, error: planError } = form.getInputProps('planId');
  const planProps = { value: planValue as string, onChange: onPlanChange as (value: string) => void, error: planError };

  const errors = () => schemaErrors(institutionSignupBody, payload(form.getValues()));

  function fail(found: Record<string, string>) {
    form.setErrors(found);
    toastError(MSG.signupValidation, MSG.signupValidationTitle);
    focusFirstError();
  }

  function goToPlanStep() {
    const found = pickErrors(errors(), STEP1_FIELDS);
    if (hasErrors(found)) return fail(found);
    form.clearErrors();
    setActive(1);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signup.isPending) return;
    if (active === 0) return goToPlanStep();
    const found = errors();
    if (hasErrors(found)) {
      if (hasErrors(pickErrors(found, STEP1_FIELDS))) setActive(0);
      return fail(found);
    }
    const body = payload(form.getValues());
    signup.mutate({ body: { ...body, planId: body.planId! }, file: logo });
  }

  return (
    <AuthLayout width={680}>
      <SignupTabs active="institution">
        <form onSubmit={submit} noValidate aria-label="Cadastro de instituição">
          <Stack>
            <div>
              <Title order={1} size="h2">Cadastro de instituição</Title>
              <Text c="dimmed" size="sm">
                Depois do cadastro, confirme seu e-mail para receber os dados de acesso.
              </Text>
            </div>

            <Stepper active={active} onStepClick={(step) => (step === 1 ? goToPlanStep() : setActive(step))} size="sm">
              <Stepper.Step label="Instituição" description="Dados e logo">
                <Stack>
                  <TextInput label="Nome" autoComplete="name" required {...form.getInputProps('nameUser')} />
                  <MaskedInput
                    label="CNPJ"
                    mask={CNPJ_MASK}
                    placeholder="00.000.000/0000-00"
                    required
                    {...form.getInputProps('cnpj')}
                  />
                  <TextInput
                    label="Nome da instituição"
                    autoComplete="organization"
                    required
                    {...form.getInputProps('sellerName')}
                  />
                  <TextInput label="E-mail" type="email" autoComplete="email" required {...form.getInputProps('email')} />
                  <LogoDropzone value={logo} onChange={setLogo} />
                </Stack>
              </Stepper.Step>
              <Stepper.Step label="Plano" description="Faixa de alunos">
                <PlanPicker {...planProps} />
              </Stepper.Step>
            </Stepper>

            {active === 0 ? (
              <Button type="submit" fullWidth>
                Avançar
              </Button>
            ) : (
              <Group grow>
                <Button variant="default" onClick={() => setActive(0)} disabled={signup.isPending}>
                  Voltar
                </Button>
                <Button type="submit" loading={signup.isPending}>
                  Cadastrar
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </SignupTabs>
    </AuthLayout>
  );
}
