import { Pagination, type PaginationProps } from '@mantine/core';

const LABELS: Record<string, string> = { next: 'Próxima página', previous: 'Página anterior', first: 'Primeira página', last: 'Última página' };

/** The one pager: Mantine's Pagination with Portuguese names for its controls. */
export function Pager(props: Omit<PaginationProps, 'getControlProps'>) {
  return <Pagination {...props} getControlProps={(control) => ({ 'aria-label': LABELS[control] ?? control })} />;
}
