/**
 * The one table component: columns, loading skeleton, empty state, optional row selection,
 * expandable rows, row click, and a pager. Pagination happens on the server: pass `page`, `total`
 * and `pageSize`, and handle `onPageChange`.
 *
 * Narrower than `minWidth` (phones), the table scrolls sideways inside its card; while it does, the scrolling region is
 * a keyboard stop named after the table (arrow keys scroll it; WCAG 2.1.1, axe `scrollable-region-focusable`). With
 * no rows the table keeps to its card's width, so the empty-state text is never cut.
 */
import { ActionIcon, Box, Center, Checkbox, Group, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useDeferredValue, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Pager } from './pager';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  emptyText?: string;
  /** Accessible name of the table. */
  label: string;
  page?: number;
  total?: number;
  pageSize?: number;
  onPageChange?: (page: number) => void;
  selected?: (string | number)[];
  onSelectedChange?: (keys: (string | number)[]) => void;
  renderExpanded?: (row: T) => ReactNode;
  onRowClick?: (row: T) => void;
  /** Below this width the table scrolls horizontally instead of squeezing its columns. */
  minWidth?: number;
}

/** Whether the element is narrower than its content, kept up to date as either changes size. */
export function useOverflowsX(ref: RefObject<HTMLDivElement | null>) {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rowKey, label, selected, onSelectedChange, renderExpanded, onRowClick } = props;
  // Rows that arrive render in the background, in slices the browser can interrupt, instead of one long task holding
  // the page (a phone takes a few hundred milliseconds for a page of rows); the skeleton stays until they are drawn.
  const rows = useDeferredValue(props.rows);
  const loading = props.loading || (props.rows !== undefined && rows === undefined);
  const [expanded, setExpanded] = useState<(string | number)[]>([]);
  const viewport = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowsX(viewport);
  const empty = !loading && rows?.length === 0;
  const selectable = !!onSelectedChange;
  const keys = rows?.map(rowKey) ?? [];
  const allSelected = selectable && keys.length > 0 && keys.every((k) => selected?.includes(k));
  const someSelected = selectable && keys.some((k) => selected?.includes(k));
  const colSpan = columns.length + (selectable ? 1 : 0) + (renderExpanded ? 1 : 0);
  const pages = props.total !== undefined && props.pageSize ? Math.max(1, Math.ceil(props.total / props.pageSize)) : 1;

  const toggle = (key: string | number) =>
    onSelectedChange?.(selected?.includes(key) ? selected.filter((k) => k !== key) : [...(selected ?? []), key]);

  return (
    <Box>
      <Table.ScrollContainer
        minWidth={empty ? 0 : (props.minWidth ?? 640)}
        scrollAreaProps={{
          viewportRef: viewport,
          classNames: { viewport: 'mantine-focus-auto' },
          viewportProps: scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (rolagem lateral)` } : {},
        }}
      >
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={label} aria-busy={loading}>
          <Table.Thead>
            <Table.Tr>
              {renderExpanded && (
                <Table.Th w={40}>
                  <VisuallyHidden>Expandir</VisuallyHidden>
                </Table.Th>
              )}
              {selectable && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Selecionar todos"
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    onChange={() =>
                      onSelectedChange?.(allSelected ? (selected ?? []).filter((k) => !keys.includes(k)) : [...new Set([...(selected ?? []), ...keys])])
                    }
                  />
                </Table.Th>
              )}
              {columns.map((c) => (
                <Table.Th key={c.key} w={c.width}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading &&
              Array.from({ length: 5 }, (_, i) => (
                <Table.Tr key={`s${i}`}>
                  <Table.Td colSpan={colSpan}>
                    <Skeleton height={18} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {empty && (
              <Table.Tr>
                <Table.Td colSpan={colSpan}>
                  <Center py="lg">
                    <Text c="dimmed">{props.emptyText ?? 'Nenhum registro encontrado.'}</Text>
                  </Center>
                </Table.Td>
              </Table.Tr>
            )}
            {!loading &&
              rows?.map((row) => {
                const key = rowKey(row);
                const open = expanded.includes(key);
                return (
                  <Fragment key={key}>
                    <Table.Tr
                      onClick={onRowClick ? () => onRowClick(row) : undefined}
                      style={onRowClick ? { cursor: 'pointer' } : undefined}
                      bg={selected?.includes(key) ? 'var(--mantine-color-blue-light)' : undefined}
                    >
                      {renderExpanded && (
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            aria-label={open ? 'Recolher' : 'Expandir'}
                            aria-expanded={open}
                            onClick={(e) => {
                              e.stopPropagation();
                              setExpanded(open ? expanded.filter((k) => k !== key) : [...expanded, key]);
                            }}
                          >
                            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                          </ActionIcon>
                        </Table.Td>
                      )}
                      {selectable && (
                        <Table.Td onClick={(e) => e.stopPropagation()}>
                          <Checkbox aria-label="Selecionar linha" checked={selected?.includes(key) ?? false} onChange={() => toggle(key)} />
                        </Table.Td>
                      )}
                      {columns.map((c) => (
                        <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                      ))}
                    </Table.Tr>
                    {renderExpanded && open && (
                      <Table.Tr>
                        <Table.Td colSpan={colSpan} bg="gray.0">
                          {renderExpanded(row)}
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {props.onPageChange && pages > 1 && (
        <Group justify="flex-end" mt="md">
          <Pager total={pages} value={props.page ?? 1} onChange={props.onPageChange} />
        </Group>
      )}
    </Box>
  );
}
