/**
 * /seller/course/{id} (spec 3 §2.16, §4): breadcrumb to /seller/courses, the course's subjects reorderable by drag
 * and by keyboard (the whole new order is saved at once; on failure an error toast and the list goes back), 'Ver
 * Disciplina' to /seller/subject/{subjectId}, remove with confirmation, and 'Nova Disciplina' to add the owner's
 * subjects not yet in the course (one call per subject, as the spec says). The assistant only reads. 'Exportar para o
 * LMS': the course as a Common Cartridge 1.1, for the institution's seller and content manager.
 */
import { ActionIcon, Anchor, Breadcrumbs, Button, Center, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { canEditCourses, COURSE_MSG, courseSideOf, type CourseItem, type CourseSide } from '@edu/shared/courses';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AccessDenied } from '../../../ui/access-denied';
import { confirm } from '../../../ui/confirm';
import { FormActions } from '../../../ui/form-actions';
import { LoadError } from '../../../ui/load-error';
import { candidatesQuery, courseQuery, useAddSubjectsToCourse, useRemoveSubjectFromCourse, useReorderCourse } from '../api';
import { refusal } from '../components/course-modals';
import { SortableList } from '../../../ui/sortable-list';
import { CartridgeDownloadButton } from '../../delivery';

export default function CoursePage() {
  const user = useSessionUser();
  const id = Number(useParams().id);
  if (!user) return null;
  const side = courseSideOf(user.type);
  if (!side) return <AccessDenied title={COURSE_MSG.title} />;
  if (!Number.isInteger(id) || id <= 0) return <AccessDenied message="Curso não encontrado." />;
  return <Course key={id} side={side} id={id} mayEdit={canEditCourses(user.type)} />;
}

function Course({ side, id, mayEdit }: { side: CourseSide; id: number; mayEdit: boolean }) {
  const course = useQuery(courseQuery(side, id));
  const [adding, setAdding] = useState(false);

  // Saved at once: the new order shows before the answer; a refusal puts the previous one back.
  const reorder = useReorderCourse(side, id, { onSuccess: (res) => toastSuccess(res.message), onError: (err) => toastError(refusal(err)) });

  const remove = useRemoveSubjectFromCourse(side, id, {
    onSuccess: (res) => toastSuccess(res.message),
    onError: (err) => toastError(refusal(err)),
  });

  async function askRemove(item: CourseItem) {
    if (await confirm({ title: 'Remover disciplina', message: COURSE_MSG.removeSubjectConfirm(item.name), confirmLabel: 'Remover', danger: true })) remove.mutate(item);
  }

  if (course.isError) return <LoadError error={course.error} onRetry={() => void course.refetch()} retrying={course.isFetching} />;
  if (!course.data) {
    return (
      <Center py="xl" role="status" aria-busy="true" aria-label="Carregando">
        <Loader />
      </Center>
    );
  }
  const data = course.data;
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/seller/courses">
          {COURSE_MSG.title}
        </Anchor>
        <Text>{data.name}</Text>
      </Breadcrumbs>
      <Group justify="space-between">
        <Title order={1} size="h2">{data.name}</Title>
        <Group gap="xs">
          {side === 'seller' && data.courseItems.length > 0 && <CartridgeDownloadButton kind="course" id={id} />}
          {mayEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              Nova Disciplina
            </Button>
          )}
        </Group>
      </Group>
      {data.courseItems.length === 0 ? (
        <Text py="lg">{COURSE_MSG.emptyCourse}</Text>
      ) : (
        <SortableList
          items={data.courseItems}
          label={(item) => item.name}
          onReorder={mayEdit ? (ids) => reorder.mutate(ids) : undefined}
          disabled={reorder.isPending}
          render={(item) => (
            <Group justify="space-between" wrap="nowrap" style={{ flex: 1 }}>
              <Stack gap={0}>
                <Text fw={500} data-testid="course-subject-name">
                  {item.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.unitsCount} {item.unitsCount === 1 ? 'unidade' : 'unidades'}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Button component={Link} to={`/seller/subject/${item.subjectId}`} variant="light" size="xs">
                  Ver Disciplina
                </Button>
                {mayEdit && (
                  <Tooltip label="Remover">
                    <ActionIcon variant="subtle" color="red" aria-label={`Remover ${item.name}`} onClick={() => void askRemove(item)} loading={remove.isPending && remove.variables?.id === item.id}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
          )}
        />
      )}
      {mayEdit && <AddSubjectsModal side={side} courseId={id} opened={adding} onClose={() => setAdding(false)} />}
    </Stack>
  );
}

/** 'Nova Disciplina': the owner's subjects not yet in the course; one call per chosen subject. */
function AddSubjectsModal({ side, courseId, opened, onClose }: { side: CourseSide; courseId: number; opened: boolean; onClose: () => void }) {
  const candidates = useQuery({ ...candidatesQuery(side, courseId), enabled: opened });
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    if (opened) setChosen([]);
  }, [opened]);

  const save = useAddSubjectsToCourse(side, courseId, {
    onSuccess: () => {
      toastSuccess(COURSE_MSG.subjectsAdded);
      onClose();
    },
    onError: (err) => toastError(refusal(err)),
  });

  const options = candidates.data ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title="Nova Disciplina" centered size="lg">
      <Stack>
        {candidates.isPending ? (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        ) : candidates.isError ? (
          <Text c="red" size="sm">
            {refusal(candidates.error)}
          </Text>
        ) : options.length === 0 ? (
          <Text size="sm">{COURSE_MSG.noSubjectsToAdd}</Text>
        ) : (
          <ScrollArea.Autosize mah={360}>
            <Checkbox.Group label="Disciplinas" value={chosen} onChange={setChosen}>
              <Stack gap="xs" mt="xs">
                {options.map((s) => (
                  <Checkbox key={s.id} value={String(s.id)} label={`${s.name} (${s.unitsCount} ${s.unitsCount === 1 ? 'unidade' : 'unidades'})`} />
                ))}
              </Stack>
            </Checkbox.Group>
          </ScrollArea.Autosize>
        )}
        <FormActions onCancel={onClose} onSave={() => save.mutate(chosen.map(Number))} saving={save.isPending} disabled={chosen.length === 0} mt="sm" />
      </Stack>
    </Modal>
  );
}
