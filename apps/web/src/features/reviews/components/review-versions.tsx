/**
 * 'Ver todas' (publishing roles) opens the 'Versões de avaliação' panel (spec 2 §2.5): every review
 * version of this unit version, newest first; clicking one opens it, 'Fechar' closes the panel.
 */
import { Badge, Button, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '@edu/shared/format';
import { reviewStatusLabel } from '@edu/shared/review-machine';
import type { ReviewDetail } from '@edu/shared/reviews';

export function ReviewVersions({ detail }: { detail: ReviewDetail }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button size="xs" variant="subtle" leftSection={<IconHistory size={14} aria-hidden />} onClick={() => setOpen(true)}>
        Ver todas
      </Button>
      <Drawer opened={open} onClose={() => setOpen(false)} position="right" title="Versões de avaliação">
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
                  setOpen(false);
                  if (v.id !== detail.id) void navigate(`/dashboard/units/review/${v.id}`);
                }}
              />
            ))}
          </nav>
          <Button variant="default" onClick={() => setOpen(false)}>
            Fechar
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}
