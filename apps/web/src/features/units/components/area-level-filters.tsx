import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { knowledgeQuery, levelsQuery } from '../api';

/** The knowledge-area and learning-level pickers of the store's sidebars (spec 3 §2.3, §2.4), the catalogue's and the subjects' (§2.13, §2.14). */
export function AreaLevelFilters({
  areas,
  levels,
  onAreas,
  onLevels,
  withAreas = true,
}: {
  areas: string[];
  levels: string[];
  onAreas: (v: string[]) => void;
  onLevels: (v: string[]) => void;
  /** false: only the levels (spec 3 §2.14: providers filter their subjects by level only). */
  withAreas?: boolean;
}) {
  const knowledge = useQuery({ ...knowledgeQuery, enabled: withAreas });
  const levelGroups = useQuery(levelsQuery);
  const areaOptions = [
    { group: 'Ensino superior', items: (knowledge.data ?? []).filter((k) => k.type === 'university').map((k) => ({ value: String(k.id), label: k.title })) },
    { group: 'Educação básica', items: (knowledge.data ?? []).filter((k) => k.type !== 'university').map((k) => ({ value: String(k.id), label: k.title })) },
  ].filter((g) => g.items.length > 0);
  const levelOptions = [...new Set([...(levelGroups.data?.university ?? []), ...(levelGroups.data?.basic ?? [])])];
  return (
    <>
      {withAreas && (
        <MultiSelect label="Áreas de conhecimento" placeholder="Todas" data={areaOptions} value={areas} onChange={onAreas} searchable clearable nothingFoundMessage="Nenhuma área" />
      )}
      <MultiSelect label="Níveis de aprendizagem" placeholder="Todos" data={levelOptions} value={levels} onChange={onLevels} searchable clearable nothingFoundMessage="Nenhum nível" />
    </>
  );
}
