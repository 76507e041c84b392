// A public list with nothing to show (the marketplace, the blog): a grey icon, a heading, a line
// of explanation and, when there is something to do about it, one button.
import { Button, Center, Stack, Text, ThemeIcon, Title, type TitleOrder } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyAction {
  label: string;
  onClick: () => void;
  testId?: string;
}

export function EmptyState({
  icon: IconShown,
  title,
  text,
  action,
  titleOrder = 2,
  testId,
}: {
  icon: Icon;
  title: string;
  text: ReactNode;
  action?: EmptyAction;
  /** The heading's level on the page; it looks the same at every level. */
  titleOrder?: TitleOrder;
  testId: string;
}) {
  return (
    <Center py={48} data-testid={testId}>
      <Stack align="center" ta="center" gap="xs" maw={420}>
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconShown size={30} aria-hidden />
        </ThemeIcon>
        <Title order={titleOrder} fz="h3">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {action && (
          <Button variant="light" onClick={action.onClick} mt="xs" data-testid={action.testId}>
            {action.label}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
