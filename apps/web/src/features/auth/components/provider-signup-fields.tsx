import { Checkbox, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { KNOWLEDGE_LEVELS, type ProfileType, type ProviderSignupBody } from '@edu/shared/auth';
import { CNPJ_MASK, CPF_MASK, onlyDigits } from '@edu/shared/format';
import { MaskedInput } from './masked-input';

/** What the provider sign-up form holds; knowledge levels as strings for Checkbox.Group. */
export type ProviderFormValues = {
  nameUser: string;
  cpf: string;
  cnpj: string;
  email: string;
  companyName: string;
  lattes: string;
  linkdin: string;
  knowledgeLevel: string[];
  professionalExperience: string;
};

export const emptyProviderForm: ProviderFormValues = {
  nameUser: '',
  cpf: '',
  cnpj: '',
  email: '',
  companyName: '',
  lattes: '',
  linkdin: '',
  knowledgeLevel: [],
  professionalExperience: '',
};

/** Fields of the first step of the independent professional; validated before step 2 opens. */
export const LIBERAL_STEP1_FIELDS = ['nameUser', 'cpf', 'cnpj', 'email'] as const;

const text = (value: string) => value.trim() || undefined;
const digits = (value: string) => onlyDigits(value) || undefined;

/**
 * The payload of spec 1 §3 for the chosen profile type. Empty optional strings are left out and no
 * password is sent: the server generates one and mails it after approval.
 */
export function providerPayload(type: ProfileType, v: ProviderFormValues): ProviderSignupBody {
  const name = v.nameUser.trim();
  const base = {
    nameUser: name,
    email: v.email.trim(),
    type: 'provider' as const,
    nameProvider: name || undefined,
    typePerson: type,
    isServiceProvider: type === 'Fornecedor de Servico',
  };
  if (type === 'Profissional Liberal') {
    const levels = v.knowledgeLevel.map(Number).sort((a, b) => a - b);
    return {
      ...base,
      companyName: name || undefined,
      cpf: digits(v.cpf),
      cnpj: digits(v.cnpj),
      lattes: text(v.lattes),
      linkdin: text(v.linkdin),
      knowledgeLevel: levels.length > 0 ? levels : undefined,
      professionalExperience: text(v.professionalExperience),
    };
  }
  return { ...base, companyName: text(v.companyName), cnpj: digits(v.cnpj) };
}

type FormProps = { form: UseFormReturnType<ProviderFormValues> };

const nameField = (form: FormProps['form']) => (
  <TextInput label="Nome" autoComplete="name" required {...form.getInputProps('nameUser')} />
);
const emailField = (form: FormProps['form']) => (
  <TextInput label="E-mail" type="email" autoComplete="email" required {...form.getInputProps('email')} />
);

/** Step 1 of the independent professional: name, CPF, optional CNPJ, e-mail. */
export function LiberalIdentityFields({ form }: FormProps) {
  return (
    <Stack>
      {nameField(form)}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MaskedInput label="CPF" mask={CPF_MASK} placeholder="000.000.000-00" required {...form.getInputProps('cpf')} />
        <MaskedInput
          label="CNPJ (opcional)"
          mask={CNPJ_MASK}
          placeholder="00.000.000/0000-00"
          {...form.getInputProps('cnpj')}
        />
      </SimpleGrid>
      {emailField(form)}
    </Stack>
  );
}

/** Step 2 of the independent professional: links, knowledge levels and experience. */
export function LiberalProfileFields({ form }: FormProps) {
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Link do currículo Lattes"
          type="url"
          placeholder="https://lattes.cnpq.br/..."
          {...form.getInputProps('lattes')}
        />
        <TextInput
          label="Link do LinkedIn"
          type="url"
          placeholder="https://www.linkedin.com/in/..."
          {...form.getInputProps('linkdin')}
        />
      </SimpleGrid>
      <Checkbox.Group
        label="Nível de conhecimento"
        description="Marque todas as formações que você possui."
        required
        {...form.getInputProps('knowledgeLevel')}
      >
        <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs" spacing="xs">
          {KNOWLEDGE_LEVELS.map((level) => (
            <Checkbox key={level.value} value={String(level.value)} label={level.label} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Textarea
        label="Experiência profissional"
        description="Conte brevemente sua trajetória e as áreas em que atua."
        autosize
        minRows={4}
        maxRows={10}
        required
        {...form.getInputProps('professionalExperience')}
      />
    </Stack>
  );
}

/** The single step of the other three profile types: name, CNPJ, institution name, e-mail. */
export function CompanyFields({ form }: FormProps) {
  return (
    <Stack>
      {nameField(form)}
      <MaskedInput label="CNPJ" mask={CNPJ_MASK} placeholder="00.000.000/0000-00" required {...form.getInputProps('cnpj')} />
      <TextInput label="Nome da instituição" autoComplete="organization" required {...form.getInputProps('companyName')} />
      {emailField(form)}
    </Stack>
  );
}
