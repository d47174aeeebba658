/** The 'Versões de avaliação' panel of review-versions.tsx. */
import { Badge, Button, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { formatDate } from '@edu/shared/format';
import { reviewStatusLabel } from '@edu/shared/review-machine';
import type { ReviewDetail } from '@edu/shared/reviews';

export function VersionsDrawer({ detail, opened, onClose }: { detail: ReviewDetail; opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title="Versões de avaliação">
      <Stack gap="sm">
        <nav aria-label="Versões de avaliação">
          {detail.versions.map((v) => (
            <NavLink
              key={v.id}
              component="button"
              type="button"
              active={v.id === detail.id}
              aria-current={v.id === detail.id ? 'true' : undefined}
              label={`Versão ${v.version}`}
              description={
                <Group gap={6} component="span">
                  <Text size="xs" component="span">
                    {formatDate(v.createdAt)}
                  </Text>
                  <Badge size="xs" variant="light" tt="none" color={v.active ? 'yellow' : v.managerStatus === 'approved' ? 'green' : 'red'} component="span">
                    {v.active ? 'Ativa' : reviewStatusLabel(v.managerStatus)}
                  </Badge>
                </Group>
              }
              onClick={() => {
                onClose();
                if (v.id !== detail.id) void navigate(`/dashboard/units/review/${v.id}`);
              }}
            />
          ))}
        </nav>
        <Button variant="default" onClick={() => onClose()}>
          Fechar
        </Button>
      </Stack>
    </Drawer>
  );
}
