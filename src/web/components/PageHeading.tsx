// The heading of an admin area's page: its title (the id lets a table name itself after it), a
// dimmed line under it when there is one, and the page's main button on the right.
import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeading({ title, id, intro, action }: { title: string; id?: string; intro?: ReactNode; action?: ReactNode }) {
  const titleEl = (
    <Title order={2} id={id}>
      {title}
    </Title>
  );
  const heading = intro ? (
    <div>
      {titleEl}
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
    </div>
  ) : (
    titleEl
  );
  if (!action) return heading;
  return (
    <Group justify="space-between" wrap="wrap">
      {heading}
      {action}
    </Group>
  );
}
