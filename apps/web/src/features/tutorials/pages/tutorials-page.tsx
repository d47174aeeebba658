import { Alert, AspectRatio, Card, Center, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconVideoOff } from '@tabler/icons-react';
import { MSG } from '@edu/shared/messages';
import { TUTORIAL_TITLES } from '@edu/shared/system';
import { publicConfigQuery } from '../../../lib/public-config';

/**
 * /dashboard/tutorials (spec 1 §2.16): the eight video tutorials, embedded from YouTube without cookies.
 * With no video configured at all (a fresh install) the page says so once, with what to set, and lists
 * the tutorials instead of showing eight empty players.
 */
export default function TutorialsPage() {
  const config = useQuery(publicConfigQuery());
  if (config.data && config.data.tutorials.every((v) => !v.videoId)) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">Vídeo tutoriais</Title>
        <Alert color="blue" icon={<IconVideoOff aria-hidden />} title={MSG.tutorialsNotConfiguredTitle} role="status">
          {MSG.tutorialsNotConfigured}
        </Alert>
        <List type="ordered" aria-label="Tutoriais previstos">
          {config.data.tutorials.map((v) => (
            <List.Item key={v.title}>{v.title}</List.Item>
          ))}
        </List>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">Vídeo tutoriais</Title>
      {config.isError && (
        <Alert color="red" role="alert">
          {MSG.listLoadFail}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {config.isPending
          ? TUTORIAL_TITLES.map((title) => (
              <Card key={title} withBorder padding="md">
                <Skeleton h={20} w="70%" mb="sm" />
                <Skeleton h={220} />
              </Card>
            ))
          : (config.data?.tutorials ?? TUTORIAL_TITLES.map((title) => ({ title, videoId: null }))).map((video) => (
              <Card key={video.title} withBorder padding="md" component="article" aria-label={video.title}>
                <Title order={2} fz="md" mb="sm">
                  {video.title}
                </Title>
                <AspectRatio ratio={16 / 9}>
                  {video.videoId ? (
                    <iframe
                      src={`https://www.youtube-nocookie.com/embed/${video.videoId}?rel=0`}
                      title={video.title}
                      loading="lazy"
                      allow="encrypted-media; picture-in-picture"
                      allowFullScreen
                      style={{ border: 0, borderRadius: 8 }}
                    />
                  ) : (
                    <Center bg="gray.1" style={{ borderRadius: 8 }}>
                      <Stack gap={4} align="center">
                        <IconVideoOff size={32} color="var(--mantine-color-gray-6)" aria-hidden />
                        <Text c="dimmed" size="sm">
                          {MSG.videoUnavailable}
                        </Text>
                      </Stack>
                    </Center>
                  )}
                </AspectRatio>
              </Card>
            ))}
      </SimpleGrid>
    </Stack>
  );
}
