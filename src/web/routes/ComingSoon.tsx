import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Placeholder for routes of the spec that later issues build (templates, marketplace, blog, admin). */
export function ComingSoon() {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder radius="lg" p="xl" maw={440} w="100%">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconHourglass size={30} />
          </ThemeIcon>
          <Title order={2}>Coming soon</Title>
          <Text c="dimmed">This part of Sheetboard is not ready yet.</Text>
          <Button component={Link} to="/dashboard" variant="light">
            Back to your dashboard
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
