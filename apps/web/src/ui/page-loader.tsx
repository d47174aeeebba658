import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center h="60vh" aria-busy="true" aria-label="Carregando">
      <Loader />
    </Center>
  );
}
