import { Anchor, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The framed card the sign-up and sign-in screens share. */
export function AuthShell({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" style={{ background: 'linear-gradient(160deg, #eef2ff 0%, #f8fafc 60%)' }}>
      <Stack w="100%" maw={420} gap="lg">
        <Group gap="xs" justify="center">
          <ThemeIcon size={36} radius="md">
            <IconChartBar size={22} />
          </ThemeIcon>
          <Anchor href="/" underline="never" c="dark" fw={800} fz="xl">
            Sheetboard
          </Anchor>
        </Group>
        <Paper withBorder shadow="sm" radius="lg" p="xl">
          <Title order={2} mb={4}>
            {title}
          </Title>
          <Text c="dimmed" size="sm" mb="lg">
            {subtitle}
          </Text>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}
