/**
 * Tags of the unit under review (spec 2 §2.5, §6, §7.3): a multi-select for curator and admin in which
 * existing tags are searched and new ones created. Choosing a tag attaches it to this unit content;
 * removing it detaches it.
 */
import { TagsInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REVIEW_MSG } from '@edu/shared/reviews';
import type { TagRow, UnitContent } from '@edu/shared/units';
import { toastError } from '../../../lib/toast';
import { unitsKeys } from '../../units';
import { attachTags, createTags, detachTag, reviewsKeys, tagSearchQuery } from '../api';

const same = (a: string, b: string) => a.trim().toLocaleLowerCase('pt-BR') === b.trim().toLocaleLowerCase('pt-BR');

export function ReviewTags({ unit }: { unit: UnitContent }) {
  const queryClient = useQueryClient();
  const [tags, setTags] = useState<TagRow[]>(unit.tags);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useQuery(tagSearchQuery(debounced));

  const change = useMutation({
    mutationFn: async (next: string[]): Promise<TagRow[]> => {
      let current = tags;
      for (const t of tags.filter((t) => !next.some((n) => same(n, t.name)))) {
        current = await detachTag(unit.id, t.id);
      }
      const added = next.filter((n) => n.trim() && !tags.some((t) => same(t.name, n)));
      if (added.length === 0) return current;
      const known = [...(found.data ?? [])];
      const missing = added.filter((n) => !known.some((k) => same(k.name, n)));
      if (missing.length > 0) known.push(...(await createTags(missing.map((n) => n.trim()))));
      const ids = added.map((n) => known.find((k) => same(k.name, n))?.id).filter((id): id is number => id !== undefined);
      return ids.length > 0 ? attachTags(unit.id, ids) : current;
    },
    onSuccess: (next) => setTags(next),
    onError: () => toastError(REVIEW_MSG.saveFail),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: reviewsKeys.tags }), queryClient.invalidateQueries({ queryKey: unitsKeys.one(unit.id) })]),
  });

  const options = (found.data ?? []).map((t) => t.name).filter((n) => !tags.some((t) => same(t.name, n)));
  return (
    <TagsInput
      label="Tags"
      description="Escolha tags existentes ou digite uma nova e tecle Enter."
      placeholder="Buscar ou criar tag"
      data={options}
      value={tags.map((t) => t.name)}
      onChange={(next) => change.mutate(next)}
      searchValue={search}
      onSearchChange={setSearch}
      disabled={change.isPending}
      maxLength={60}
      clearable={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
