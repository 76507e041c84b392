// A page's title with the line under it that says what the page is for (when there is one); an
// action (a button, a link) stands at its right. `id` lets a table name itself after the title.
import { Group, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeading({
  title,
  id,
  description,
  order = 2,
  size,
  action,
  children,
}: {
  title: string;
  id?: string;
  description?: ReactNode;
  order?: TitleOrder;
  size?: string;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const titleEl = (
    <Title order={order} size={size} id={id}>
      {title}
    </Title>
  );
  const heading =
    description || children ? (
      <div>
        {titleEl}
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
        {children}
      </div>
    ) : (
      titleEl
    );
  if (!action) return heading;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      {heading}
      {action}
    </Group>
  );
}
