// The editor's side of the data-contract guard (issue 16): when the app's spreadsheet is a
// connected Google Sheet and columns renamed or deleted in Google are still read by this app's
// blocks, a notice above the board says which blocks and settings, with the same one-click remap
// as the dashboard (features/google/BrokenColumns). Nothing shows for an imported spreadsheet, or
// while nothing is broken.
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useGoogleSync } from '../features/google/api';
import { BrokenColumns } from '../features/google/BrokenColumns';
import { brokenColumnFixes } from '../features/google/google-state';

export function GoogleColumnsNotice({ spreadsheetId, blockIds }: { spreadsheetId: string | null; blockIds: readonly string[] }) {
  const sync = useGoogleSync(spreadsheetId);
  const ids = useMemo(() => new Set(blockIds), [blockIds]);
  const s = sync.data;
  if (!spreadsheetId || !s || brokenColumnFixes(s, ids).length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Columns changed in Google"
      m="md"
      data-testid="editor-google-columns"
      aria-live="polite"
    >
      <Text size="sm">
        Some blocks of this app read columns that were renamed or deleted in the Google Sheet, so those columns show nothing. Choose the column each should use now (every
        app over this sheet follows).
      </Text>
      <BrokenColumns spreadsheetId={spreadsheetId} sync={s} blockIds={ids} />
    </Alert>
  );
}
