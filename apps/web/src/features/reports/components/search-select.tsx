/**
 * A filter's choice among many (the logs report's user, the published-units report's provider, the access report's
 * institution): the options come from the server by the typed name (debounced 400 ms, the previous ones shown while
 * the next load), and the chosen one stays among the options while another name is searched.
 */
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo, useState } from 'react';

export interface Choice {
  value: string;
  label: string;
}

/** Rows of an id and a name (users, institutions) as choices. */
export const namedChoices = (rows: { id: number; name: string }[]): Choice[] => rows.map((r) => ({ value: String(r.id), label: r.name }));

type Props<TFetched, TKey extends QueryKey> = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'onSearchChange' | 'filter' | 'nothingFoundMessage'> & {
  /** The options for a name: a report's choices query with a `select` to Choice[] (keep that function stable). */
  query: (name: string) => UseQueryOptions<TFetched, Error, Choice[], TKey>;
  value: string | null;
  onChange: (value: string | null) => void;
  /** Said when nothing matches the name ('Buscando...' while searching). */
  nothingFound: string;
};

export function SearchSelect<TFetched, TKey extends QueryKey>({ query, value, onChange, nothingFound, ...select }: Props<TFetched, TKey>) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 400);
  const [chosen, setChosen] = useState<Choice | null>(null);
  const found = useQuery(query(debounced));
  const options = useMemo(() => {
    const list = [...(found.data ?? [])];
    if (chosen && !list.some((o) => o.value === chosen.value)) list.unshift(chosen);
    return list;
  }, [found.data, chosen]);

  return (
    <Select
      {...select}
      searchable
      data={options}
      value={value}
      onChange={(next, option) => {
        onChange(next);
        setChosen(next ? { value: next, label: option.label } : null);
      }}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={found.isFetching ? 'Buscando...' : nothingFound}
    />
  );
}
