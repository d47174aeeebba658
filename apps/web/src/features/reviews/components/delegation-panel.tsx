/**
 * The delegation panels (spec 2 §2.6, §5): 'Criar nova delegação' (one unit) or 'Delegar usuários'
 * (several), and 'Editar Delegação' (existing reviews). A curator and a reviewer, both required.
 * Only publishing roles open it: the page never renders it for curators and reviewers.
 */
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { REVIEW_MSG } from '@edu/shared/reviews';
import { applyServerErrors } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { staffQuery, useDelegate } from '../api';

export type DelegationTarget =
  | { kind: 'create'; contentIds: number[] }
  | { kind: 'edit'; reviewIds: number[]; curatorId: number; reviewerId: number };

interface Values {
  curatorId: string | null;
  reviewerId: string | null;
}

const required = (v: string | null) => (v ? null : REVIEW_MSG.fillAll);

export function delegationTitle(target: DelegationTarget) {
  if (target.kind === 'edit') return 'Editar Delegação';
  return target.contentIds.length === 1 ? 'Criar nova delegação' : 'Delegar usuários';
}

export function DelegationPanel({ target, onClose, onDone }: { target: DelegationTarget | null; onClose: () => void; onDone?: () => void }) {
  const opened = target !== null;
  const curators = useQuery({ ...staffQuery('curator'), enabled: opened });
  const reviewers = useQuery({ ...staffQuery('review'), enabled: opened });
  const form = useForm<Values>({ initialValues: { curatorId: null, reviewerId: null }, validate: { curatorId: required, reviewerId: required } });

  useEffect(() => {
    if (!target) return;
    const next: Values = target.kind === 'edit' ? { curatorId: String(target.curatorId), reviewerId: String(target.reviewerId) } : { curatorId: null, reviewerId: null };
    form.setValues(next);
    form.clearErrors();
    // Only when another target opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target]);

  const staffFailed = curators.isError || reviewers.isError;
  useEffect(() => {
    if (staffFailed) toastError(REVIEW_MSG.staffListFail);
  }, [staffFailed]);

  const options = (list: { id: number; name: string }[] | undefined, keep?: number) => {
    const items = (list ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.id})` }));
    // The person delegated now may no longer be listed (deactivated): keep the current value selectable.
    if (keep && list && !items.some((i) => i.value === String(keep))) items.unshift({ value: String(keep), label: `(${keep})` });
    return items;
  };
  const curatorOptions = useMemo(() => options(curators.data, target?.kind === 'edit' ? target.curatorId : undefined), [curators.data, target]);
  const reviewerOptions = useMemo(() => options(reviewers.data, target?.kind === 'edit' ? target.reviewerId : undefined), [reviewers.data, target]);

  const delegate = useDelegate({
    onSuccess: (_, { kind }) => toastSuccess(kind === 'create' ? REVIEW_MSG.delegated : REVIEW_MSG.delegationEdited),
    onError: (err) => {
      if (applyServerErrors(form, err)) return;
      toastError(REVIEW_MSG.delegationFail);
    },
  });

  // Awaited, so the form shows it is submitting until the lists are fresh; then the panel closes.
  async function submit(values: Values) {
    if (!target) return;
    const people = { curatorId: Number(values.curatorId), reviewerId: Number(values.reviewerId) };
    try {
      await delegate.mutateAsync(
        target.kind === 'create'
          ? { kind: 'create', ...people, contentIds: target.contentIds }
          : { kind: 'edit', ...people, reviewIds: target.reviewIds },
      );
    } catch {
      return;
    }
    onDone?.();
    onClose();
  }

  // The last target stays on screen while the panel closes.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const count = target?.kind === 'create' ? target.contentIds.length : (target?.reviewIds.length ?? 0);
  return (
    <Modal opened={opened} onClose={onClose} title={shown ? delegationTitle(shown) : ''} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          {count > 1 && (
            <Text size="sm" c="dimmed">
              {count} unidades selecionadas
            </Text>
          )}
          <Select
            label="Curador"
            placeholder={curators.isPending ? 'Carregando…' : 'Selecione o curador'}
            required
            searchable
            data={curatorOptions}
            disabled={curators.isError}
            nothingFoundMessage="Nenhum curador encontrado"
            {...form.getInputProps('curatorId')}
          />
          <Select
            label="Revisor"
            placeholder={reviewers.isPending ? 'Carregando…' : 'Selecione o revisor'}
            required
            searchable
            data={reviewerOptions}
            disabled={reviewers.isError}
            nothingFoundMessage="Nenhum revisor encontrado"
            {...form.getInputProps('reviewerId')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={form.submitting}>
              {shown?.kind === 'edit' ? 'Salvar' : 'Delegar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
