/** Figura: name, source, accessibility text and an image from the gallery, an upload or the stock search. */
import { Input, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RESOURCE_MSG, pictureResource, type PictureResource } from '@edu/shared/content/unit-content';
import { ImagePicker } from '../../../galleries';
import { FormFooter, str, toResource, validateWith, type ResourceFormProps } from './common';

interface Values {
  name: string;
  resource: string;
  descripiton: string;
  url: string;
}

/** Spec 2 §5: 'Imagem deve ser uma url' for the image, 'Escolha uma imagem neste recurso' when only the image is missing. */
export const validatePicture = validateWith<Values>(pictureResource, (values, errors) => {
  const keys = Object.keys(errors);
  if (!values.url.trim() && keys.length === 1 && keys[0] === 'url') errors.url = RESOURCE_MSG.pictureMissing;
  return errors;
});

export function PictureForm({ providerId, initial, submitLabel, onSubmit, onBack }: ResourceFormProps<PictureResource>) {
  const form = useForm<Values>({
    initialValues: {
      name: str(initial, 'name'),
      resource: str(initial, 'resource'),
      descripiton: str(initial, 'descripiton'),
      url: str(initial, 'url'),
    },
    validate: validatePicture,
  });

  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSubmit(toResource(pictureResource, v)))}>
      <Stack>
        <TextInput label="Nome" required maxLength={300} data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Fonte" description="Autoria ou origem da imagem." required maxLength={500} {...form.getInputProps('resource')} />
        <Textarea
          label="Descrição para acessibilidade"
          description="Descreva a imagem para quem usa leitor de tela."
          required
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          {...form.getInputProps('descripiton')}
        />
        <Input.Wrapper label="Imagem" required error={form.errors.url} inputWrapperOrder={['label', 'error', 'input']}>
          <div style={{ marginTop: 4 }}>
            <ImagePicker providerId={providerId} value={form.values.url} onChange={(url) => form.setFieldValue('url', url)} />
          </div>
        </Input.Wrapper>
        <FormFooter submitLabel={submitLabel} onBack={onBack} />
      </Stack>
    </form>
  );
}
