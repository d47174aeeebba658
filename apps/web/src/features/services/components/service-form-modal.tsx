import { Button, FileButton, Group, Image, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { GALLERY_ACCEPT } from '@edu/shared/galleries';
import {
  isServiceImageUrl,
  SERVICE_MSG,
  serviceCreateFromForm,
  serviceFormSchema,
  serviceUpdateFromForm,
  type ProviderService,
  type ServiceFormValues,
} from '@edu/shared/services';
import { applyServerErrors, zodForm } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { UploadProgress, useGalleryUpload } from '../../galleries';
import { useSaveService } from '../api';

const EMPTY: ServiceFormValues = { title: '', description: '', price: '', image: '', link: '' };
const CREATE_SCHEMA = serviceFormSchema('create');
const EDIT_SCHEMA = serviceFormSchema('edit');
const ACCEPT = GALLERY_ACCEPT.images.map((ext) => `.${ext}`).join(',');

interface Props {
  opened: boolean;
  /** The service being edited; null: a new service. */
  service: ProviderService | null;
  providerId: number | null | undefined;
  onClose: () => void;
}

/**
 * The 'Novo serviço' and 'Editar serviço' modals (spec 2 §2.13, §5 "Services"). New: title,
 * description and price required; edit: every field optional. Image and link, when filled, must be
 * addresses; the image can be uploaded to the provider's image gallery (up to 30 MB).
 */
export function ServiceFormModal({ opened, service, providerId, onClose }: Props) {
  const editing = service !== null;
  // The same modal serves both modes: validate with the schema of the current one.
  const schema = useRef(CREATE_SCHEMA);
  schema.current = editing ? EDIT_SCHEMA : CREATE_SCHEMA;
  const form = useForm<ServiceFormValues>({ initialValues: EMPTY, validate: (values) => zodForm(schema.current)(values) });
  const { upload, pending: uploading, progress, cancel } = useGalleryUpload(providerId, 'images');

  useEffect(() => {
    if (!opened) return;
    form.setValues(
      service
        ? { title: service.title, description: service.description, price: service.price, image: service.image ?? '', link: service.link ?? '' }
        : EMPTY,
    );
    form.resetDirty();
    form.clearErrors();
    // Only when the modal opens or the service changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, service]);

  async function pick(file: File | null) {
    if (!file) return;
    const uploaded = await upload(file);
    if (uploaded) {
      form.setFieldValue('image', uploaded.url);
      form.clearFieldError('image');
    }
  }

  const save = useSaveService({
    onSuccess: (_, { id }) => {
      toastSuccess(id !== null ? SERVICE_MSG.updated : SERVICE_MSG.created, SERVICE_MSG.successTitle);
      onClose();
    },
    onError: (err) => {
      if (!applyServerErrors(form, err)) toastError(SERVICE_MSG.saveFail, SERVICE_MSG.errorTitle);
    },
  });

  // Awaited, so the form shows it is submitting until the services are fetched again; a refusal is handled in onError.
  async function submit(values: ServiceFormValues) {
    await save
      .mutateAsync(service ? { id: service.id, body: serviceUpdateFromForm(values, service) } : { id: null, body: serviceCreateFromForm(values) })
      .catch(() => undefined);
  }

  const image = form.values.image.trim();
  const showPreview = image !== '' && isServiceImageUrl(image);

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Editar serviço' : 'Novo serviço'} centered size="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput label="Título" required={!editing} data-autofocus autoComplete="off" {...form.getInputProps('title')} />
          <Textarea label="Descrição" required={!editing} autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
          <TextInput
            label="Preço"
            description="Texto livre, por exemplo: R$ 150 por hora ou Sob consulta."
            required={!editing}
            autoComplete="off"
            {...form.getInputProps('price')}
          />
          <Stack gap={6}>
            <Group align="flex-end" gap="sm" wrap="nowrap">
              <TextInput
                label="Imagem"
                description="Endereço da imagem (https://…) ou envie um arquivo jpg, jpeg, png ou gif de até 30 MB."
                placeholder="https://"
                autoComplete="off"
                style={{ flex: 1 }}
                {...form.getInputProps('image')}
              />
              <FileButton onChange={(file) => void pick(file)} accept={ACCEPT}>
                {(props) => (
                  <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />} loading={uploading} disabled={!providerId}>
                    Enviar imagem
                  </Button>
                )}
              </FileButton>
            </Group>
            {progress && <UploadProgress progress={progress} onCancel={cancel} />}
            {showPreview && (
              <Group gap="sm">
                <Image src={image} alt="Pré-visualização da imagem do serviço" w={120} h={80} fit="cover" radius="sm" bg="gray.1" />
                <Text size="xs" c="dimmed">
                  Pré-visualização
                </Text>
              </Group>
            )}
          </Stack>
          <TextInput label="Link" placeholder="https://" autoComplete="off" {...form.getInputProps('link')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={form.submitting} disabled={uploading}>
              {editing ? 'Salvar' : 'Cadastrar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
