import { AppShell, Container, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { AppsSection } from '../features/dashboard/AppsSection';
import { DashboardHeader } from '../features/dashboard/DashboardHeader';
import { NewBoardModal } from '../features/dashboard/NewBoardModal';
import { SpreadsheetsSection } from '../features/dashboard/SpreadsheetsSection';

/** The owner's workspace: boards, spreadsheets, new board, import. */
export function DashboardPage() {
  const [newBoard, { open, close }] = useDisclosure(false);
  return (
    <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
      <AppShell.Header>
        <DashboardHeader />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" py="md">
          <Stack gap={40}>
            <AppsSection onNewBoard={open} />
            <SpreadsheetsSection />
          </Stack>
        </Container>
        <NewBoardModal opened={newBoard} onClose={close} />
      </AppShell.Main>
    </AppShell>
  );
}
