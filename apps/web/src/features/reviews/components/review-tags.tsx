/**
 * Tags of the unit under review (spec 2 §2.5, §6, §7.3): a multi-select for curator and admin in which
 * existing tags are searched and new ones created. Choosing a tag attaches it to this unit content;
 * removing it detaches it.
 */
import { TagsInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REVIEW_MSG } from '@edu/shared/reviews';
import type { TagRow, UnitContent } from '@edu/shared/units';
import { toastError } from '../../../lib/toast';
import { sameTagName as same, tagSearchQuery, useChangeUnitTags } from '../api';

export function ReviewTags({ unit }: { unit: UnitContent }) {
  const [tags, setTags] = useState<TagRow[]>(unit.tags);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useQuery(tagSearchQuery(debounced));

  const change = useChangeUnitTags({
    onSuccess: (next) => setTags(next),
    onError: () => toastError(REVIEW_MSG.saveFail),
  });

  const options = (found.data ?? []).map((t) => t.name).filter((n) => !tags.some((t) => same(t.name, n)));
  return (
    <TagsInput
      label="Tags"
      description="Escolha tags existentes ou digite uma nova e tecle Enter."
      placeholder="Buscar ou criar tag"
      data={options}
      value={tags.map((t) => t.name)}
      onChange={(next) => change.mutate({ unitId: unit.id, tags, next, known: found.data ?? [] })}
      searchValue={search}
      onSearchChange={setSearch}
      disabled={change.isPending}
      maxLength={60}
      clearable={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
