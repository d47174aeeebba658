/**
 * /seller/courses, 'Cursos' (spec 3 §2.16): course cards with edit and remove (hidden for the assistant), 'Ver curso'
 * to /seller/course/{id}, 'Novo Curso', and 'Importar Curso' for the institution (its button shows the running
 * import's progress; the bell announces the end too). A provider sees the same page over its own courses.
 */
import { ActionIcon, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { canEditCourses, canImportCourses, COURSE_MSG, courseSideOf, type CourseCard, type CourseSide } from '@edu/shared/courses';
import { MSG } from '@edu/shared/messages';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AccessDenied } from '../../../ui/access-denied';
import { confirm } from '../../../ui/confirm';
import { QueryBody } from '../../../ui/query-body';
import { coursesQuery, importQuery, useRefreshCourses, useRemoveCourse } from '../api';
import { CourseNameModal, ImportCourseModal, refusal } from '../components/course-modals';

export default function CoursesPage() {
  const user = useSessionUser();
  if (!user) return null;
  const side = courseSideOf(user.type);
  if (!side) return <AccessDenied title={COURSE_MSG.title} />;
  return <Courses side={side} mayEdit={canEditCourses(user.type)} mayImport={canImportCourses(user.type)} />;
}

function Courses({ side, mayEdit, mayImport }: { side: CourseSide; mayEdit: boolean; mayImport: boolean }) {
  const list = useQuery(coursesQuery(side));
  const [editing, setEditing] = useState<CourseCard | null>(null);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [tracked, setTracked] = useState<number | null>(null);
  // After a reload, an import still running is picked up from the list.
  const running = tracked ?? list.data?.imports[0]?.id ?? null;

  const remove = useRemoveCourse(side, {
    onSuccess: (res) => toastSuccess(res.message),
    onError: (err) => toastError(refusal(err)),
  });

  async function askRemove(course: CourseCard) {
    if (await confirm({ title: 'Remover curso', message: `${COURSE_MSG.removeConfirm(course.name)} ${COURSE_MSG.removeNote}`, confirmLabel: 'Remover', danger: true })) {
      remove.mutate(course);
    }
  }

  const body = (
    <QueryBody query={list} loadFail={MSG.listLoadFail} isEmpty={(d) => d.data.length === 0} empty={COURSE_MSG.empty}>
      {(data) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {data.data.map((course) => (
            <Card key={course.id} withBorder padding="md" data-testid="course-card">
              <Stack gap="xs" h="100%" justify="space-between">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={2} size="h4">
                    {course.name}
                  </Title>
                  {mayEdit && (
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Editar">
                        <ActionIcon variant="subtle" aria-label={`Editar ${course.name}`} onClick={() => setEditing(course)}>
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Remover">
                        <ActionIcon variant="subtle" color="red" aria-label={`Remover ${course.name}`} onClick={() => void askRemove(course)} loading={remove.isPending && remove.variables?.id === course.id}>
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {course.itemsCount} {course.itemsCount === 1 ? 'disciplina' : 'disciplinas'}
                </Text>
                <Button component={Link} to={`/seller/course/${course.id}`} variant="light" size="xs" w="fit-content">
                  Ver curso
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </QueryBody>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">{COURSE_MSG.title}</Title>
        {mayEdit && (
          <Group>
            {mayImport &&
              (running !== null ? (
                <ImportProgress id={running} onFinished={() => setTracked(null)} />
              ) : (
                <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => setImporting(true)}>
                  Importar Curso
                </Button>
              ))}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Novo Curso
            </Button>
          </Group>
        )}
      </Group>
      {body}
      <CourseNameModal side={side} opened={creating || editing !== null} course={editing} onClose={() => (setCreating(false), setEditing(null))} />
      {mayImport && <ImportCourseModal opened={importing} onClose={() => setImporting(false)} onQueued={(imp) => setTracked(imp.id)} />}
    </Stack>
  );
}

/** The 'Importar Curso' button while an import runs: its progress; at the end a toast and the list again. */
function ImportProgress({ id, onFinished }: { id: number; onFinished: () => void }) {
  const status = useQuery(importQuery(id));
  const refresh = useRefreshCourses();
  const announced = useRef(false);
  const state = status.data?.status;
  useEffect(() => {
    if (announced.current || (state !== 'done' && state !== 'failed')) return;
    announced.current = true;
    if (state === 'done') toastSuccess(COURSE_MSG.imported);
    else toastError(status.data?.error ?? COURSE_MSG.importFailed(''));
    void refresh().then(onFinished);
  }, [state, status.data?.error, refresh, onFinished]);
  const progress = status.data?.progress ?? 0;
  return (
    <Button variant="default" disabled aria-live="polite" data-testid="import-progress" miw={200}>
      <Stack gap={2} w="100%">
        <Text size="xs">Importando… {progress}%</Text>
        <Progress value={progress} size="xs" aria-label="Progresso da importação" />
      </Stack>
    </Button>
  );
}
