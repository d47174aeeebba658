import { Group, Text, type MantineBreakpoint } from '@mantine/core';

/** The logo and the name; `nameFrom`: the name only from that breakpoint up (the phone header keeps the logo alone). */
export function Brand({ size = 'md', inverted = false, nameFrom }: { size?: 'sm' | 'md' | 'lg'; inverted?: boolean; nameFrom?: MantineBreakpoint }) {
  const px = size === 'lg' ? 44 : size === 'md' ? 34 : 28;
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" width={px} height={px} alt="" />
      <Text visibleFrom={nameFrom} fw={700} size={size === 'lg' ? 'xl' : size} c={inverted ? 'white' : 'blue.8'}>
        Saber Compartilhado
      </Text>
    </Group>
  );
}
