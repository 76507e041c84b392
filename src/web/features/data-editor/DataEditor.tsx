// The data editor's screen: Back and the spreadsheet's title, 'Import a file' (ReimportDialog), a
// tab per sheet and the chosen sheet's rows (SheetEditor).
import { AppShell, Button, Group, Tabs, Text } from '@mantine/core';
import { IconArrowLeft, IconFileImport, IconTable } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { OwnerModals } from '../../components/OwnerModals';
import { toast } from '../../lib/toast';
import type { EditorSpreadsheet } from './data-api';
import { ReimportDialog } from './ReimportDialog';
import { SheetEditor } from './SheetEditor';
import { useSpreadsheetRefresh } from './use-spreadsheet';

/** `spreadsheetId` as the address has it; `sheetTitle`: the sheet it asks for (else the first); `onSheet`: another tab chosen. */
export function DataEditor({ spreadsheetId, spreadsheet: s, sheetTitle, onSheet }: { spreadsheetId: string; spreadsheet: EditorSpreadsheet; sheetTitle: string | null; onSheet: (title: string) => void }) {
  const [reimporting, setReimporting] = useState(false);
  const { refresh, replaced } = useSpreadsheetRefresh(spreadsheetId);
  const sheet = s.sheets.find((sh) => sh.title === sheetTitle) ?? s.sheets[0];

  return (
    <OwnerModals>
      <AppShell header={{ height: 56 }} padding={0}>
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Button component={Link} to="/dashboard" variant="subtle" color="gray" leftSection={<IconArrowLeft size={16} />} px="xs" aria-label="Back">
                <Text span visibleFrom="sm" inherit>
                  Back
                </Text>
              </Button>
              <Text fw={700} fz="lg" truncate data-testid="spreadsheet-title">
                {s.title}
              </Text>
            </Group>
            <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setReimporting(true)} aria-label="Import a file" className="sb-short-btn">
              <Text span visibleFrom="sm" inherit>
                Import a file
              </Text>
            </Button>
          </Group>
        </AppShell.Header>
        <AppShell.Main style={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
          <div style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, padding: '8px var(--mantine-spacing-md) var(--mantine-spacing-md)' }}>
            <Tabs value={sheet?.title ?? null} onChange={(t) => t && onSheet(t)} keepMounted={false}>
              <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
                {s.sheets.map((sh) => (
                  <Tabs.Tab key={sh.title} value={sh.title} leftSection={<IconTable size={14} />}>
                    {sh.title}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
            {sheet ? (
              <SheetEditor key={sheet.title} spreadsheetId={spreadsheetId} sheet={sheet} onSheetChanged={refresh} />
            ) : (
              <Text c="dimmed" p="xl">
                This spreadsheet has no sheets.
              </Text>
            )}
          </div>
        </AppShell.Main>
      </AppShell>
      {reimporting && (
        <ReimportDialog
          spreadsheetId={spreadsheetId}
          onClose={() => setReimporting(false)}
          onDone={(next) => {
            setReimporting(false);
            replaced(next);
            toast.success('File imported', 'The sheets now hold the rows of the file.');
          }}
        />
      )}
    </OwnerModals>
  );
}
