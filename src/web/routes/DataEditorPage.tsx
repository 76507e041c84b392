// The data editor (issue 13): an owner's spreadsheet, one tab per sheet, rows to read and edit.
// `/dashboard/data/{spreadsheetId}?sheet={title}`; a lazy chunk of the owner's screens.
import { AppShell, Button, Group, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconFileImport, IconTable } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { Loading } from '../components/Loading';
import { OwnerModals } from '../components/OwnerModals';
import { keys } from '../lib/queries';
import { toast } from '../lib/toast';
import { getSpreadsheet } from '../features/data-editor/data-api';
import { ReimportDialog } from '../features/data-editor/ReimportDialog';
import { SheetEditor } from '../features/data-editor/SheetEditor';

export const dataEditorKey = (id: string) => ['data-editor', id] as const;

export function DataEditorPage() {
  const { spreadsheetId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const spreadsheet = useQuery({ queryKey: dataEditorKey(spreadsheetId), queryFn: () => getSpreadsheet(spreadsheetId), enabled: !!spreadsheetId });
  const [reimporting, setReimporting] = useState(false);
  useDocumentTitle(spreadsheet.data ? `${spreadsheet.data.title} · Data · Sheetboard` : 'Data · Sheetboard');

  if (spreadsheet.isPending) return <Loading fullScreen />;
  if (spreadsheet.isError) return <ErrorScreen error={spreadsheet.error} />;
  const s = spreadsheet.data;
  const asked = params.get('sheet');
  const sheet = s.sheets.find((sh) => sh.title === asked) ?? s.sheets[0];
  const refresh = () => {
    void client.invalidateQueries({ queryKey: dataEditorKey(spreadsheetId) });
    void client.invalidateQueries({ queryKey: keys.spreadsheets });
  };

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
            <Tabs value={sheet?.title ?? null} onChange={(t) => t && setParams({ sheet: t }, { replace: true })} keepMounted={false}>
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
            client.setQueryData(dataEditorKey(spreadsheetId), next);
            refresh();
            toast.success('File imported', 'The sheets now hold the rows of the file.');
          }}
        />
      )}
    </OwnerModals>
  );
}
