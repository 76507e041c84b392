import { AppShell, Container, Stack } from '@mantine/core';
import { OwnerModals } from '../components/OwnerModals';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { VerifyEmailNotice } from '../features/account/VerifyEmailNotice';
import { AppsSection } from '../features/dashboard/AppsSection';
import { DashboardHeader } from '../features/dashboard/DashboardHeader';
import { NewBoardModal } from '../features/dashboard/NewBoardModal';
import { SpreadsheetsSection } from '../features/dashboard/SpreadsheetsSection';
import { ConnectGoogleSheetModal } from '../features/google/ConnectGoogleSheet';
import { googleReturn } from '../features/google/google-state';
import { toast } from '../lib/toast';

/** The owner's workspace: boards, spreadsheets, new board, import. */
export function DashboardPage() {
  useDocumentTitle('Dashboard · Sheetboard');
  // undefined: closed; null: open without a preselected spreadsheet; id: open for that spreadsheet.
  const [newBoard, setNewBoard] = useState<string | null | undefined>(undefined);
  const google = useGoogleReturn();
  const [googleOpen, setGoogleOpen] = useState(() => google?.openDialog ?? false);
  return (
    <OwnerModals>
      <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
        <AppShell.Header>
          <DashboardHeader />
        </AppShell.Header>
        <AppShell.Main>
          <Container size="lg" py="md">
            <Stack gap={40}>
              <VerifyEmailNotice />
              <AppsSection onNewBoard={() => setNewBoard(null)} />
              <SpreadsheetsSection onNewBoard={(id) => setNewBoard(id)} onConnectGoogle={() => setGoogleOpen(true)} />
            </Stack>
          </Container>
          <ConnectGoogleSheetModal opened={googleOpen} onClose={() => setGoogleOpen(false)} />
          <NewBoardModal opened={newBoard !== undefined} initialSpreadsheetId={newBoard ?? null} onClose={() => setNewBoard(undefined)} />
        </AppShell.Main>
      </AppShell>
    </OwnerModals>
  );
}

/**
 * Google's consent page sends the owner back to /dashboard?google=…&message=…: one toast (the
 * message as text), then the address without those parameters (replaced, so Back does not show
 * the toast again). The return as first read, for the dialog to open at the link step.
 */
function useGoogleReturn() {
  const [params, setParams] = useSearchParams();
  const found = googleReturn(params);
  const [first] = useState(found);
  const shown = useRef<string | null>(null);
  const key = params.toString();
  useEffect(() => {
    if (!found || shown.current === key) return;
    shown.current = key;
    if (found.kind === 'success') toast.success(found.title, found.message);
    else toast.error(found.title, found.message);
    setParams(found.rest, { replace: true });
  }, [found, key, setParams]);
  return first;
}
