/**
 * /seller/manage-subjects, 'Disciplinas' (spec 3 §2.14): subject cards, 'Nova Disciplina', 'Importar Disciplina'
 * (sellers), and the filter sidebar (search; areas and categories for sellers; levels; 'Limpar Filtros'). Institution
 * users see their institution's subjects, a provider its own.
 */
import { QueryBody } from '../../../ui/query-body';
import { Button, Card, Grid, Group, MultiSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '@edu/shared/limits';
import { SUBJECT_MSG, type SubjectCard as Subject } from '@edu/shared/subjects';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AccessDenied } from '../../../ui/access-denied';
import { confirm } from '../../../ui/confirm';
import { AreaLevelFilters } from '../../units';
import { categoriesQuery, subjectsQuery, useCreateSubject, useRemoveSubject, useRenameSubject, type SubjectOwner } from '../api';
import { OnceOpened } from '../../../ui/lazy-dialog';
import { SubjectCard } from '../components/subject-card';
import { SubjectNameModal } from '../components/subject-name-modal';
import { useSubjectOwner } from '../components/use-subject-owner';

// An institution's category dialog (a colour picker, its form) and 'Importar disciplina' (a select) load when first
// opened, or earlier when the pointer or the keyboard reaches the page's controls.
const loadCategory = () => import('../components/category-modal');
const loadImport = () => import('../components/import-modal');
const CategoryModal = lazy(() => loadCategory().then((m) => ({ default: m.CategoryModal })));
const ImportModal = lazy(() => loadImport().then((m) => ({ default: m.ImportModal })));

export default function SubjectsPage() {
  const me = useSubjectOwner();
  if (!me) return <AccessDenied title={SUBJECT_MSG.title} />;
  return <Subjects owner={me.owner} can={me.can} />;
}

function Subjects({ owner, can }: { owner: SubjectOwner; can: NonNullable<ReturnType<typeof useSubjectOwner>>['can'] }) {
  const navigate = useNavigate();
  const seller = owner.side === 'seller';
  const [search, setSearch] = useState('');
  const [areas, setAreas] = useState<string[]>([]);
  const [levels, setLevels] = useState<string[]>([]);
  const [cats, setCats] = useState<string[]>([]);
  const [debounced] = useDebouncedValue(search.trim(), 1000);
  const list = useQuery(subjectsQuery(owner, { name: debounced, knowledges: areas, levelOfLearning: levels, categories: cats }));
  const categories = useQuery({ ...categoriesQuery(owner.id), enabled: seller });

  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [renaming, setRenaming] = useState<Subject | null>(null);
  const [categorizing, setCategorizing] = useState<Subject | null>(null);

  const creation = useCreateSubject(owner);
  const rename = useRenameSubject(owner.side);
  const removal = useRemoveSubject(owner.side);

  async function remove(subject: Subject) {
    if (!(await confirm({ title: 'Remover disciplina', message: SUBJECT_MSG.removeConfirm(subject.name), confirmLabel: 'Remover', danger: true }))) return;
    try {
      const res = await removal.mutateAsync(subject.id);
      toastSuccess(res.message);
    } catch (err) {
      toastError(err instanceof ApiError ? err.message : SUBJECT_MSG.formFail);
    }
  }

  function clear() {
    setSearch('');
    setAreas([]);
    setLevels([]);
    setCats([]);
  }


  const body = (
    <QueryBody query={list} loadFail={SUBJECT_MSG.loadFail} loadingLabel="Carregando" isEmpty={(d) => d.length === 0} empty={SUBJECT_MSG.empty}>
      {(d) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy={list.isFetching}>
          {d.map((s) => (
            <SubjectCard
              key={s.id}
              subject={s}
              canEdit={can.edit}
              canCategorize={can.categories}
              onRemove={() => void remove(s)}
              onRename={() => setRenaming(s)}
              onCategory={() => setCategorizing(s)}
            />
          ))}
        </SimpleGrid>
      )}
    </QueryBody>
  );

  // Only an institution has these dialogs.
  const preloadDialogs = () => {
    if (!seller) return;
    if (can.categories) void loadCategory();
    if (can.importSubject) void loadImport();
  };

  return (
    <Stack gap="lg" onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
      <Group justify="space-between">
        <Title order={1} size="h2">{SUBJECT_MSG.title}</Title>
        {can.edit && (
          <Group gap="xs">
            {seller && can.importSubject && (
              <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => setImporting(true)}>
                {SUBJECT_MSG.importSubject}
              </Button>
            )}
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              {SUBJECT_MSG.newSubject}
            </Button>
          </Group>
        )}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Card withBorder padding="md" component="aside" aria-label="Filtros">
            <Stack gap="md">
              <TextInput
                label="Buscar"
                placeholder="Nome da disciplina"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                maxLength={LIMITS.searchMax}
                onChange={(e) => setSearch(e.currentTarget.value)}
              />
              <AreaLevelFilters areas={areas} levels={levels} onAreas={setAreas} onLevels={setLevels} withAreas={seller} />
              {seller && (
                <MultiSelect
                  label="Categorias"
                  placeholder="Todas"
                  data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                  value={cats}
                  onChange={setCats}
                  searchable
                  clearable
                  nothingFoundMessage="Nenhuma categoria"
                />
              )}
              <Button variant="default" onClick={clear}>
                Limpar Filtros
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>{body}</Grid.Col>
      </Grid>

      <SubjectNameModal
        opened={creating}
        title={SUBJECT_MSG.newSubject}
        onClose={() => setCreating(false)}
        onSave={async (name) => {
          const res = await creation.mutateAsync(name);
          toastSuccess(res.message);
        }}
      />
      <SubjectNameModal
        opened={renaming !== null}
        title={SUBJECT_MSG.rename}
        initialName={renaming?.name ?? ''}
        onClose={() => setRenaming(null)}
        onSave={async (name) => {
          const res = await rename.mutateAsync({ id: renaming!.id, name });
          toastSuccess(res.message);
        }}
      />
      {seller && can.importSubject && (
        <OnceOpened open={importing}>
          <ImportModal opened={importing} onClose={() => setImporting(false)} onImported={(id) => void navigate(`/seller/subject/${id}`)} />
        </OnceOpened>
      )}
      {seller && can.categories && (
        <OnceOpened open={categorizing !== null}>
          <CategoryModal sellerId={owner.id} subject={categorizing} onClose={() => setCategorizing(null)} />
        </OnceOpened>
      )}
    </Stack>
  );
}
