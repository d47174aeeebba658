import { Button, Card, Group, MultiSelect, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { PasswordInput } from '../../../ui/password-input';
import { LoadError } from '../../../ui/load-error';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { KNOWLEDGE_LEVELS, type SessionUser } from '@edu/shared/auth';
import { MSG } from '@edu/shared/messages';
import { isLiberal, type ProviderProfile } from '@edu/shared/providers';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, zodForm } from '../../../lib/form';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { PageLoader } from '../../../ui/page-loader';
import { providerQuery, useDeleteProfileImage, useSaveProfile, type ImageKind } from '../api';
import { ImageField } from '../components/image-field';
import { initialProfileValues, profileSchema, providerPayload, type ProfileValues } from '../profile-form';

/** Provider and serviceProvider users see and edit their provider's data here (spec 1 §6). */
const editsProvider = (user: SessionUser) => (user.type === 'provider' || user.type === 'serviceProvider') && !!user.provider;

/** /dashboard/profile, Meu Perfil (spec 1 §2.11). */
export default function ProfilePage() {
  const user = useSessionUser();
  const providerId = user && editsProvider(user) ? user.provider!.id : null;
  const provider = useQuery(providerQuery(providerId));
  if (!user) return null;
  if (providerId !== null && provider.isPending) return <PageLoader />;
  if (providerId !== null && provider.isError) {
    return (
      <Stack>
        <Title order={1} size="h2">Meu Perfil</Title>
        <LoadError error={provider.error} title={MSG.providersLoadFailTitle} onRetry={() => void provider.refetch()} />
      </Stack>
    );
  }
  return <ProfileForm key={`${user.id}-${providerId ?? 0}`} user={user} provider={provider.data ?? null} />;
}


/** After a failed validation, take the keyboard (and the eye) to the first field in error. */
function focusFirstError(errors: Record<string, unknown>) {
  const first = Object.keys(errors)[0];
  if (first) document.querySelector<HTMLElement>(`[data-path="${first}"]`)?.focus();
}

function ProfileForm({ user, provider }: { user: SessionUser; provider: ProviderProfile | null }) {
  const liberal = !!provider && isLiberal(provider.typePerson);
  const form = useForm<ProfileValues>({
    initialValues: initialProfileValues(user, provider),
    validate: zodForm(profileSchema(provider, liberal)),
  });
  const [files, setFiles] = useState<Record<ImageKind, File | null>>({ avatar: null, logo: null, cover: null });
  const changingPassword = form.values.password.length > 0;

  const save = useSaveProfile({
    onUploaded: (kind) => setFiles((f) => ({ ...f, [kind]: null })),
    onSuccess: ({ uploadFailed }) => {
      form.setValues({ currentPassword: '', password: '', password_confirmation: '' });
      form.resetDirty();
      if (uploadFailed) toastError(MSG.uploadFail, MSG.uploadFailTitle);
      else toastSuccess(MSG.changeSaved);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'EMAIL_IN_USE') form.setFieldError('email', err.message);
      else applyServerErrors(form, err);
      toastError(MSG.profileFail, MSG.profileFailTitle);
    },
  });
  const imageDeletion = useDeleteProfileImage(user.id, provider?.id ?? null, {
    onSuccess: (_, kind) => toastSuccess(kind === 'avatar' ? MSG.avatarDeleted : kind === 'logo' ? MSG.logoDeleted : MSG.coverDeleted),
    onError: () => toastError(MSG.profileFail, MSG.profileFailTitle),
  });

  // Awaited, so the form shows it is submitting until the user and the provider are fetched again.
  async function submit(values: ProfileValues) {
    const password = values.password
      ? { currentPassword: values.currentPassword, password: values.password, password_confirmation: values.password_confirmation }
      : null;
    await save
      .mutateAsync({
        userId: user.id,
        password,
        self: { name: values.name.trim(), email: values.email.trim() },
        provider: provider ? { id: provider.id, body: providerPayload(values, liberal) } : null,
        files,
      })
      .catch(() => undefined);
  }

  function remove(kind: ImageKind) {
    // A chosen image that was not sent yet is simply dropped.
    if (files[kind]) {
      setFiles((f) => ({ ...f, [kind]: null }));
      return;
    }
    const saved = kind === 'avatar' ? user.avatar : kind === 'logo' ? provider?.imgLogoUrl : provider?.imgCoverUrl;
    if (!saved) {
      toastError(MSG.avatarNone);
      return;
    }
    imageDeletion.mutate(kind);
  }
  const deleting = imageDeletion.isPending ? imageDeletion.variables : null;

  const image = (kind: ImageKind, label: string, url: string | null | undefined) => (
    <ImageField
      label={label}
      variant={kind}
      url={url}
      file={files[kind]}
      onFile={(file) => setFiles((f) => ({ ...f, [kind]: file }))}
      onDelete={() => remove(kind)}
      deleting={deleting === kind}
    />
  );

  return (
    <Stack gap="lg" maw={880}>
      <Title order={1} size="h2">Meu Perfil</Title>
      <form onSubmit={form.onSubmit(submit, focusFirstError)} noValidate aria-label="Meu Perfil">
        <Stack gap="lg">
          <Card withBorder padding="lg">
            <Stack>
              <Title order={2} size="h4">
                Dados pessoais
              </Title>
              {image('avatar', 'Foto de perfil', user.avatar)}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Nome" autoComplete="name" required {...form.getInputProps('name')} />
                <TextInput label="E-mail" type="email" autoComplete="email" required {...form.getInputProps('email')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {changingPassword ? (
                  <PasswordInput
                    label="Senha atual"
                    description="Confirme a senha atual para trocá-la."
                    autoComplete="current-password"
                    required
                    aria-invalid={!!form.errors.currentPassword}
                    {...form.getInputProps('currentPassword')}
                  />
                ) : (
                  <PasswordInput
                    label="Senha atual"
                    description="Para trocar, digite a nova senha."
                    value="••••••••"
                    disabled
                    readOnly
                    visibilityToggleButtonProps={{ hidden: true }}
                  />
                )}
                <PasswordInput label="Nova senha" autoComplete="new-password" aria-invalid={!!form.errors.password} {...form.getInputProps('password')} />
                <PasswordInput
                  label="Confirmar nova senha"
                  autoComplete="new-password"
                  aria-invalid={!!form.errors.password_confirmation}
                  {...form.getInputProps('password_confirmation')}
                />
              </SimpleGrid>
            </Stack>
          </Card>

          {provider && (
            <Card withBorder padding="lg">
              <Stack>
                <Title order={2} size="h4">
                  Dados do fornecedor
                </Title>
                <TextInput label="Nome da empresa" autoComplete="organization" required {...form.getInputProps('companyName')} />
                <Textarea
                  label="Descrição para divulgação"
                  description="Apresentação exibida às instituições na loja."
                  autosize
                  minRows={3}
                  maxRows={10}
                  required
                  {...form.getInputProps('description')}
                />
                <Group align="flex-start" gap="xl">
                  {image('logo', 'Logo', provider.imgLogoUrl)}
                  {image('cover', 'Imagem de capa', provider.imgCoverUrl)}
                </Group>
                {liberal && (
                  <>
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput label="Link do LinkedIn" type="url" placeholder="https://www.linkedin.com/in/..." required {...form.getInputProps('linkedin')} />
                      <TextInput label="Link do currículo Lattes" type="url" placeholder="https://lattes.cnpq.br/..." required {...form.getInputProps('lattes')} />
                    </SimpleGrid>
                    <MultiSelect
                      label="Nível de conhecimento"
                      placeholder="Escolha um ou mais"
                      data={KNOWLEDGE_LEVELS.map((l) => ({ value: String(l.value), label: l.label }))}
                      required
                      clearable
                      {...form.getInputProps('knowledgeLevel')}
                    />
                    <Textarea
                      label="Experiência profissional"
                      autosize
                      minRows={3}
                      maxRows={10}
                      required
                      {...form.getInputProps('professional_experience')}
                    />
                  </>
                )}
              </Stack>
            </Card>
          )}

          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              Atualizar Perfil
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
