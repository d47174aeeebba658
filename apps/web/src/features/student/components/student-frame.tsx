import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '../../../ui/brand';

/** The student viewer's page: the brand on top, the content below; narrow margins on a phone (390 px). */
export function StudentFrame({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" px={{ base: 'sm', sm: 'md' }}>
          <Group>
            <Brand size="sm" />
          </Group>
        </Container>
      </Box>
      <Container size="lg" px={{ base: 'xs', sm: 'md' }} py={{ base: 'sm', sm: 'lg' }} component="main">
        {children}
      </Container>
    </Box>
  );
}
