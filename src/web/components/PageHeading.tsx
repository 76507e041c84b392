// A page's title with the line under it that says what the page is for; an action (a button, a
// link) stands at its right.
import { Group, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeading({ title, description, order = 2, size, action, children }: { title: string; description: ReactNode; order?: TitleOrder; size?: string; action?: ReactNode; children?: ReactNode }) {
  const heading = (
    <div>
      <Title order={order} size={size}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {description}
      </Text>
      {children}
    </div>
  );
  if (!action) return heading;
  return (
    <Group justify="space-between" align="flex-end">
      {heading}
      {action}
    </Group>
  );
}
