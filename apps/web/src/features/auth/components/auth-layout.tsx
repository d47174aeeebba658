import { Box, Flex, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '../../../ui/brand';
import classes from './auth-layout.module.css';

/** Public pages: the promotional panel on the left (hidden on narrow screens), the form on the right. */
export function AuthLayout({ children, width = 440 }: { children: ReactNode; width?: number }) {
  return (
    <Flex mih="100vh">
      <Box className={classes.promo} visibleFrom="md" component="aside" aria-label="Apresentação">
        <Stack gap="lg" maw={460}>
          <Brand size="lg" inverted />
          {/* A slogan, not a heading: each page's own title is its one h1. */}
          <Text c="white" fz={40} lh={1.15} fw={700}>
            Compartilhar conhecimento inspira sonhos.
          </Text>
          <Text c="blue.0" fz="lg">
            Fornecedores publicam unidades de ensino revisadas por especialistas. Instituições montam disciplinas e cursos e
            levam o conteúdo aos seus alunos e ao seu LMS.
          </Text>
          <Stack gap={6}>
            <Text c="white">✓ Conteúdo com curadoria e revisão</Text>
            <Text c="white">✓ Catálogo por planos de alunos</Text>
            <Text c="white">✓ Integração com o seu LMS</Text>
          </Stack>
        </Stack>
      </Box>
      <Flex flex={1} align="center" justify="center" p="md" bg="gray.0">
        <Paper w="100%" maw={width} p="xl" radius="lg" shadow="sm" component="main">
          <Box hiddenFrom="md" mb="lg">
            <Brand />
          </Box>
          {children}
        </Paper>
      </Flex>
    </Flex>
  );
}
