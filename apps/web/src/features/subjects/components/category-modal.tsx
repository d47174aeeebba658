/**
 * The category modal of a subject card (spec 3 §2.14, §5, §8; the seller only): pick a category and confirm, delete
 * the picked one, or create a new one with a name and one of the 7 preset colours or the picker (default #DAA520).
 */
import { Button, ColorInput, ColorSwatch, Divider, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { categoryForm, SUBJECT_CATEGORY_COLORS, SUBJECT_CATEGORY_DEFAULT_COLOR, SUBJECT_LIMITS, SUBJECT_MSG } from '@edu/shared/subjects';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, zodForm } from '../../../lib/form';
import { toastError, toastSuccess, toastWarning } from '../../../lib/toast';
import { confirm } from '../../../ui/confirm';
import { categoriesQuery, useCreateCategory, useRemoveCategory, useSetSubjectCategory } from '../api';

const NONE = 'none';

export function CategoryModal({
  sellerId,
  subject,
  onClose,
}: {
  sellerId: number;
  /** The subject whose category is chosen (null: closed). */
  subject: { id: number; name: string; categoryId: number | null } | null;
  onClose: () => void;
}) {
  const categories = useQuery({ ...categoriesQuery(sellerId), enabled: subject !== null });
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'remove' | 'create' | null>(null);
  const form = useForm({ initialValues: { name: '', color: SUBJECT_CATEGORY_DEFAULT_COLOR }, validate: zodForm(categoryForm) });
  useEffect(() => {
    if (subject) setPicked(subject.categoryId !== null ? String(subject.categoryId) : null);
  }, [subject]);

  const setCategory = useSetSubjectCategory();
  const removal = useRemoveCategory();
  const creation = useCreateCategory();

  async function save() {
    if (!subject) return;
    if (picked === null) return toastWarning(SUBJECT_MSG.categoryNotFound, SUBJECT_MSG.categoryNotFoundTitle);
    setBusy('save');
    try {
      const res = await setCategory.mutateAsync({ id: subject.id, categoryId: picked === NONE ? null : Number(picked) });
      toastSuccess(res.message);
      onClose();
    } catch (err) {
      toastError(err instanceof ApiError && err.status !== 500 ? err.message : SUBJECT_MSG.categorySaveFail);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    const category = categories.data?.find((c) => String(c.id) === picked);
    if (!category) return toastWarning(SUBJECT_MSG.categoryPickToRemove);
    if (!(await confirm({ title: 'Remover categoria', message: SUBJECT_MSG.removeCategoryConfirm(category.name), confirmLabel: 'Remover', danger: true }))) return;
    setBusy('remove');
    try {
      const res = await removal.mutateAsync(category.id);
      toastSuccess(res.message);
      setPicked(null);
    } catch (err) {
      toastError(err instanceof ApiError ? err.message : SUBJECT_MSG.formFail);
    } finally {
      setBusy(null);
    }
  }

  async function create(values: { name: string; color: string }) {
    setBusy('create');
    try {
      const created = await creation.mutateAsync({ name: values.name.trim(), color: values.color, seller_id: sellerId });
      toastSuccess(SUBJECT_MSG.categoryCreated);
      form.reset();
      setPicked(String(created.id));
    } catch (err) {
      if (!applyServerErrors(form, err)) toastError(err instanceof ApiError && err.status === 409 ? SUBJECT_MSG.categoryExists : SUBJECT_MSG.formFail);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal opened={subject !== null} onClose={onClose} title={`${SUBJECT_MSG.category}: ${subject?.name ?? ''}`} centered>
      <Stack gap="md">
        <Radio.Group label="Escolha a categoria" value={picked} onChange={setPicked}>
          <Stack gap="xs" mt="xs">
            <Radio value={NONE} label={SUBJECT_MSG.noCategory} />
            {(categories.data ?? []).map((c) => (
              <Radio
                key={c.id}
                value={String(c.id)}
                label={
                  <Group gap={6} wrap="nowrap">
                    <ColorSwatch color={c.color} size={14} aria-hidden />
                    <Text size="sm">{c.name}</Text>
                  </Group>
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="space-between">
          <Button variant="subtle" color="red" onClick={() => void remove()} loading={busy === 'remove'}>
            Remover categoria
          </Button>
          <Button onClick={() => void save()} loading={busy === 'save'}>
            Confirmar
          </Button>
        </Group>
        <Divider label={SUBJECT_MSG.newCategory} labelPosition="left" />
        <form onSubmit={form.onSubmit(create)} noValidate>
          <Stack gap="sm">
            <TextInput label={SUBJECT_MSG.nameLabel} withAsterisk maxLength={SUBJECT_LIMITS.categoryNameMax} {...form.getInputProps('name')} />
            <ColorInput
              label={SUBJECT_MSG.colorLabel}
              format="hex"
              swatches={[...SUBJECT_CATEGORY_COLORS]}
              swatchesPerRow={7}
              {...form.getInputProps('color')}
            />
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={busy === 'create'}>
                Criar categoria
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
