import { Box, Container, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../../ui/brand';

/** The frame of the public LMS pages: the brand on top, the content in a card. */
export function PublicPage({ children, width = 720 }: { children: ReactNode; width?: number }) {
  return (
    <Box mih="100vh" bg="gray.0" py="xl">
      <Container size={width}>
        <Group mb="lg">
          <Link to="/" aria-label="Saber Compartilhado: página inicial" style={{ textDecoration: 'none' }}>
            <Brand />
          </Link>
        </Group>
        <Paper p="xl" radius="lg" shadow="sm" component="main">
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
