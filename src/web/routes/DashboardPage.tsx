import { AppShell, Container, Stack } from '@mantine/core';
import { OwnerModals } from '../components/OwnerModals';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { AppsSection } from '../features/dashboard/AppsSection';
import { DashboardHeader } from '../features/dashboard/DashboardHeader';
import { NewBoardModal } from '../features/dashboard/NewBoardModal';
import { SpreadsheetsSection } from '../features/dashboard/SpreadsheetsSection';

/** The owner's workspace: boards, spreadsheets, new board, import. */
export function DashboardPage() {
  useDocumentTitle('Dashboard · Sheetboard');
  // undefined: closed; null: open without a preselected spreadsheet; id: open for that spreadsheet.
  const [newBoard, setNewBoard] = useState<string | null | undefined>(undefined);
  return (
    <OwnerModals>
      <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
        <AppShell.Header>
          <DashboardHeader />
        </AppShell.Header>
        <AppShell.Main>
          <Container size="lg" py="md">
            <Stack gap={40}>
              <AppsSection onNewBoard={() => setNewBoard(null)} />
              <SpreadsheetsSection onNewBoard={(id) => setNewBoard(id)} />
            </Stack>
          </Container>
          <NewBoardModal opened={newBoard !== undefined} initialSpreadsheetId={newBoard ?? null} onClose={() => setNewBoard(undefined)} />
        </AppShell.Main>
      </AppShell>
    </OwnerModals>
  );
}
