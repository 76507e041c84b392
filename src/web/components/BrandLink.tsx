// The product's mark and name at the left of a top bar, linking to the area's start page.
import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router';

export function BrandLink({ to, label }: { to: string; label: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={label}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size={32} radius="md">
          <IconChartBar size={20} />
        </ThemeIcon>
        <Text fw={800} fz="lg" visibleFrom="xs">
          Sheetboard
        </Text>
      </Group>
    </UnstyledButton>
  );
}
