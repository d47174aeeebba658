import { Text } from '@mantine/core';

/** A small caption over a value, for detail panels and expanded rows. */
export function LabeledValue({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
