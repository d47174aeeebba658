import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/** A breadcrumb trail ('Trilha de navegação'): links for the steps with a `to`, the last one the current page. */
export function Crumbs({ items }: { items: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Trilha de navegação">
      <Breadcrumbs>
        {items.map((c, i) =>
          c.to && i < items.length - 1 ? (
            <Anchor key={i} component={Link} to={c.to}>
              {c.label}
            </Anchor>
          ) : (
            <Text key={i} span aria-current={i === items.length - 1 ? 'page' : undefined}>
              {c.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
