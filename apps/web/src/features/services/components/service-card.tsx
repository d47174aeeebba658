import { ActionIcon, Anchor, Card, Center, Group, Image, Stack, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { isAllowedImageSrc } from '@edu/shared/content/html-allow-list';
import type { ProviderService } from '@edu/shared/services';

const IMAGE_HEIGHT = 160;

/** One service: image, title, description, price and link, with edit and delete. */
export function ServiceCard({ service, onEdit, onDelete }: { service: ProviderService; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={service.title} data-testid="service-card">
      <Card.Section>
        {/* Images are ours (an external one is imported on save; an older one of another site is not loaded). */}
        {service.image && isAllowedImageSrc(service.image) ? (
          <Image src={service.image} alt={`Imagem do serviço ${service.title}`} h={IMAGE_HEIGHT} fit="cover" />
        ) : (
          <Center h={IMAGE_HEIGHT} bg="gray.1" aria-hidden>
            <IconPhoto size={40} color="var(--mantine-color-dimmed)" />
          </Center>
        )}
      </Card.Section>
      <Stack gap={6} mt="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {service.title}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Editar">
              <ActionIcon variant="subtle" aria-label={`Editar ${service.title}`} onClick={onEdit}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Excluir">
              <ActionIcon variant="subtle" color="red" aria-label={`Excluir ${service.title}`} onClick={onDelete}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {service.description}
        </Text>
        <Text size="sm">
          <Text span fw={500}>
            Preço:{' '}
          </Text>
          {service.price}
        </Text>
        {service.link && (
          <Anchor href={service.link} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Group gap={4} wrap="nowrap" component="span">
              <IconExternalLink size={14} aria-hidden />
              {service.link}
            </Group>
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
