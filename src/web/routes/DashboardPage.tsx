import { useState } from 'react';
import { VerifyEmailNotice } from '../features/account/VerifyEmailNotice';
import { AppsSection } from '../features/dashboard/AppsSection';
import { DashboardFrame } from '../features/dashboard/DashboardFrame';
import { InterruptedNotices } from '../features/dashboard/InterruptedNotices';
import { NewBoardModal } from '../features/dashboard/NewBoardModal';
import { SpreadsheetsSection } from '../features/dashboard/SpreadsheetsSection';
import { ConnectGoogleSheetModal } from '../features/google/ConnectGoogleSheet';
import { useGoogleReturn } from '../features/google/use-google-return';

/** The owner's workspace: boards, spreadsheets, new board, import. */
export function DashboardPage() {
  // undefined: closed; null: open without a preselected spreadsheet; id: open for that spreadsheet.
  const [newBoard, setNewBoard] = useState<string | null | undefined>(undefined);
  const google = useGoogleReturn();
  const [googleOpen, setGoogleOpen] = useState(() => google?.openDialog ?? false);
  return (
    <DashboardFrame title="Dashboard · Sheetboard" size="lg" gap={40}>
      <VerifyEmailNotice />
      <InterruptedNotices />
      <AppsSection onNewBoard={() => setNewBoard(null)} />
      <SpreadsheetsSection onNewBoard={(id) => setNewBoard(id)} onConnectGoogle={() => setGoogleOpen(true)} />
      <ConnectGoogleSheetModal opened={googleOpen} onClose={() => setGoogleOpen(false)} />
      <NewBoardModal opened={newBoard !== undefined} initialSpreadsheetId={newBoard ?? null} onClose={() => setNewBoard(undefined)} />
    </DashboardFrame>
  );
}
