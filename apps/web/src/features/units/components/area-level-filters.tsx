import { Button, Checkbox, Collapse, MultiSelect, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { LIMITS } from '@edu/shared/limits';
import { knowledgeQuery, levelsQuery } from '../api';

/**
 * The knowledge-area and learning-level pickers of the store's sidebars (spec 3 §2.3, §2.4), the catalogue's and the
 * subjects' (§2.13, §2.14). `checkboxes`: every option shown as a checkbox, as the catalogue's panel is specified (on a
 * phone, behind 'Áreas e níveis', so the units are not pushed two screens down); otherwise searchable multi-selects.
 */
export function AreaLevelFilters({
  areas,
  levels,
  onAreas,
  onLevels,
  withAreas = true,
  checkboxes = false,
}: {
  areas: string[];
  levels: string[];
  onAreas: (v: string[]) => void;
  onLevels: (v: string[]) => void;
  /** false: only the levels (spec 3 §2.14: providers filter their subjects by level only). */
  withAreas?: boolean;
  checkboxes?: boolean;
}) {
  const knowledge = useQuery({ ...knowledgeQuery, enabled: withAreas });
  const levelGroups = useQuery(levelsQuery);
  const areaOptions = [
    { group: 'Ensino superior', items: (knowledge.data ?? []).filter((k) => k.type === 'university').map((k) => ({ value: String(k.id), label: k.title })) },
    { group: 'Educação básica', items: (knowledge.data ?? []).filter((k) => k.type !== 'university').map((k) => ({ value: String(k.id), label: k.title })) },
  ].filter((g) => g.items.length > 0);
  const levelOptions = [...new Set([...(levelGroups.data?.university ?? []), ...(levelGroups.data?.basic ?? [])])];
  const narrow = useMediaQuery(`(max-width: ${LIMITS.wideBreakpointPx - 1}px)`, undefined, { getInitialValueInEffect: false });
  const [open, { toggle }] = useDisclosure(false);
  if (checkboxes) {
    const chosen = areas.length + levels.length;
    const groups = (
      <>
        {withAreas && (
          <Checkbox.Group label="Áreas de conhecimento" value={areas} onChange={onAreas}>
            <Stack gap={6} mt={6}>
              {areaOptions.map((g) => (
                <Stack key={g.group} gap={6}>
                  <Text size="xs" fw={600} c="dimmed" mt={4}>
                    {g.group}
                  </Text>
                  {g.items.map((o) => (
                    <Checkbox key={o.value} value={o.value} label={o.label} />
                  ))}
                </Stack>
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Checkbox.Group label="Níveis de aprendizagem" value={levels} onChange={onLevels}>
          <Stack gap={6} mt={6}>
            {levelOptions.map((l) => (
              <Checkbox key={l} value={l} label={l} />
            ))}
          </Stack>
        </Checkbox.Group>
      </>
    );
    if (!narrow) return groups;
    return (
      <>
        <Button variant="light" onClick={toggle} aria-expanded={open} fullWidth>
          {`Áreas e níveis${chosen ? ` (${chosen})` : ''}`}
        </Button>
        <Collapse expanded={open}>
          <Stack gap="md">{groups}</Stack>
        </Collapse>
      </>
    );
  }
  return (
    <>
      {withAreas && (
        <MultiSelect label="Áreas de conhecimento" placeholder="Todas" data={areaOptions} value={areas} onChange={onAreas} searchable clearable nothingFoundMessage="Nenhuma área" />
      )}
      <MultiSelect label="Níveis de aprendizagem" placeholder="Todos" data={levelOptions} value={levels} onChange={onLevels} searchable clearable nothingFoundMessage="Nenhum nível" />
    </>
  );
}
