/**
 * The status filter of the admin and rent lists (providers, institutions, rents): a segmented control whose
 * choices carry the server's count ('–' while it loads). One component, so every list shows counts alike.
 */
import { Badge, Group, SegmentedControl } from '@mantine/core';

export interface StatusFilterProps<T extends string> {
  filters: readonly { value: T; label: string }[];
  /** The server's count per status (a record with more keys, or none while loading, is fine). */
  counts: Partial<Record<NoInfer<T>, number>> | undefined;
  value: NoInfer<T>;
  onChange(value: NoInfer<T>): void;
  orientation?: 'horizontal' | 'vertical';
}

export function StatusFilter<T extends string>({ filters, counts, value, onChange, orientation }: StatusFilterProps<T>) {
  return (
    <SegmentedControl
      aria-label="Status"
      orientation={orientation}
      value={value}
      onChange={(v) => onChange(v as T)}
      fullWidth
      data={filters.map((f) => ({
        value: f.value,
        label: (
          <Group gap={6} justify="center" wrap="nowrap">
            <span>{f.label}</span>
            <Badge size="sm" variant="light" color="gray">
              {counts?.[f.value] ?? '–'}
            </Badge>
          </Group>
        ),
      }))}
    />
  );
}
