/**
 * The modals of the courses page (spec 3 §2.16, §5): 'Novo Curso' / 'Editar Curso' (Nome, 'Campo Obrigatório') and
 * 'Importar Curso' (a provider of an ACTIVE rent, then one of its courses; 'Não há cursos registrados nesse
 * fornecedor...'; a second import of the same course asks before making '<name> (cópia)').
 */
import { Alert, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { COURSE_MSG, courseNameBody, type CourseImport, type CourseSide } from '@edu/shared/courses';
import { MSG } from '@edu/shared/messages';
import { ApiError } from '../../../lib/api';
import { schemaErrors } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { confirm } from '../../../ui/confirm';
import { FormActions } from '../../../ui/form-actions';
import { providerCoursesQuery, rentedProvidersQuery, useImportCourse, useSaveCourse } from '../api';

export const refusal = (err: unknown) => (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 ? err.message : MSG.generic);

/** Nova Curso (no `course`) or Editar Curso. */
export function CourseNameModal({ side, opened, course, onClose }: { side: CourseSide; opened: boolean; course: { id: number; name: string } | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (opened) {
      setName(course?.name ?? '');
      setError(undefined);
    }
  }, [opened, course]);
  const save = useSaveCourse(side, course, {
    onSuccess: (res) => {
      toastSuccess(res.message);
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.name) setError(err.fields.name);
      toastError(refusal(err));
    },
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const errors = schemaErrors(courseNameBody, { name });
    if (errors.name) {
      setError(errors.name);
      return;
    }
    save.mutate(name);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={course ? 'Editar Curso' : 'Novo Curso'} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Nome" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} data-autofocus maxLength={200} />
          <FormActions onCancel={onClose} saving={save.isPending} mt="sm" />
        </Stack>
      </form>
    </Modal>
  );
}

/** Importar Curso: on success hands the queued import to the page (its button shows the progress). */
export function ImportCourseModal({ opened, onClose, onQueued }: { opened: boolean; onClose: () => void; onQueued: (imp: CourseImport) => void }) {
  const [providerId, setProviderId] = useState<string | null>(null);
  const [courseId, setCourseId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const providers = useQuery({ ...rentedProvidersQuery(), enabled: opened });
  const providerCourses = useQuery({ ...providerCoursesQuery(Number(providerId)), enabled: opened && providerId !== null });
  useEffect(() => {
    if (opened) {
      setProviderId(null);
      setCourseId(null);
      setError(undefined);
    }
  }, [opened]);

  const send = useImportCourse({
    askCopy: (message) => confirm({ title: 'Curso já importado', message, confirmLabel: 'Importar cópia', cancelLabel: 'Cancelar' }),
    onSuccess: (res) => {
      if (!res) return;
      toastSuccess(res.message);
      onQueued(res.import);
      onClose();
    },
    onError: (err) => toastError(refusal(err)),
  });

  function submit() {
    if (!courseId) {
      setError(MSG.required);
      toastError(COURSE_MSG.chooseCourse);
      return;
    }
    send.mutate(Number(courseId));
  }

  const providerOptions = (providers.data ?? []).map((p) => ({ value: String(p.id), label: p.companyName }));
  const courseOptions = (providerCourses.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} (${c.itemsCount} ${c.itemsCount === 1 ? 'disciplina' : 'disciplinas'})${c.imported ? ' — já importado' : ''}`,
  }));
  const noCourses = providerId !== null && providerCourses.isSuccess && courseOptions.length === 0;
  return (
    <Modal opened={opened} onClose={onClose} title="Importar Curso" centered size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          {COURSE_MSG.importTakesTime}
        </Text>
        <Select
          label="Fornecedor"
          placeholder={providers.isPending ? 'Carregando…' : 'Selecione'}
          data={providerOptions}
          value={providerId}
          onChange={(v) => {
            setProviderId(v);
            setCourseId(null);
          }}
          searchable
          nothingFoundMessage="Nenhum fornecedor com aluguel ativo."
          data-autofocus
        />
        {providers.isSuccess && providerOptions.length === 0 && (
          <Alert color="yellow" variant="light">
            Nenhum fornecedor com aluguel ativo.
          </Alert>
        )}
        <Select
          label="Curso"
          placeholder={providerId === null ? 'Escolha um fornecedor' : providerCourses.isPending ? 'Carregando…' : 'Selecione'}
          data={courseOptions}
          value={courseId}
          onChange={(v) => {
            setCourseId(v);
            setError(undefined);
          }}
          disabled={providerId === null || noCourses}
          error={error}
          required
        />
        {noCourses && <Text size="sm">{COURSE_MSG.emptyProvider}</Text>}
        {providerCourses.isError && <Text size="sm" c="red">{refusal(providerCourses.error)}</Text>}
        <FormActions onCancel={onClose} onSave={submit} saving={send.isPending} label="Importar" mt="sm" />
      </Stack>
    </Modal>
  );
}
