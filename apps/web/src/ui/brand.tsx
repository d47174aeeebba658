import { Group, Text } from '@mantine/core';

export function Brand({ size = 'md', inverted = false }: { size?: 'sm' | 'md' | 'lg'; inverted?: boolean }) {
  const px = size === 'lg' ? 44 : size === 'md' ? 34 : 28;
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" width={px} height={px} alt="" />
      <Text fw={700} size={size === 'lg' ? 'xl' : size} c={inverted ? 'white' : 'blue.8'}>
        Saber Compartilhado
      </Text>
    </Group>
  );
}
