import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@edu/shared/messages';

export function RouteError() {
  return (
    <Center h="100vh">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">Ops...</Title>
        <Text c="dimmed">{MSG.listLoadFail}</Text>
        <Button onClick={() => window.location.reload()}>Recarregar</Button>
      </Stack>
    </Center>
  );
}
