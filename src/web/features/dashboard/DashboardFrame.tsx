// The frame of the owner's screens under /dashboard: the dashboard's top bar, a centred column on
// the grey page, the confirm dialogs (OwnerModals) and the tab's title. `gap` stacks the children.
import { AppShell, Container, Stack, type MantineSize, type StackProps } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { OwnerModals } from '../../components/OwnerModals';
import { DashboardHeader } from './DashboardHeader';

export function DashboardFrame({ title, size, py = 'md', px, gap, children }: { title: string; size: MantineSize; py?: MantineSize; px?: 0; gap?: StackProps['gap']; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <OwnerModals>
      <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
        <AppShell.Header>
          <DashboardHeader />
        </AppShell.Header>
        <AppShell.Main>
          <Container size={size} py={py} px={px}>
            {gap === undefined ? children : <Stack gap={gap}>{children}</Stack>}
          </Container>
        </AppShell.Main>
      </AppShell>
    </OwnerModals>
  );
}
