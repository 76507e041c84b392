// A card of /dashboard/account: its icon and heading (the card is named by it), then its content;
// the danger card (deleting the account) has a red border and heading.
import { Card, Group, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export function AccountSection({ title, icon, label, children, danger }: { title: string; icon: ReactNode; label: string; children: ReactNode; danger?: boolean }) {
  const id = useId();
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby={id} style={danger ? { borderColor: 'var(--mantine-color-red-4)' } : undefined} data-testid={`account-${label}`}>
      <Group gap="xs" mb="sm">
        {icon}
        <Title order={3} size="h4" id={id} c={danger ? 'red.8' : undefined}>
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  );
}
