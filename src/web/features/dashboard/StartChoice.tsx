// One of the ways to start on /dashboard/start: its picture, name and words, then what starts it.
import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function StartChoice({ icon, color, title, text, children }: { icon: ReactNode; color: string; title: string; text: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Stack gap="sm" h="100%">
        <ThemeIcon size={48} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={3} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {text}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}
