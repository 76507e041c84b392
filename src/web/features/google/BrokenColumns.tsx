// The data-contract guard's one-click remap (issue 16), wherever broken columns are listed (the
// dashboard's sync panel, the editor's notice): each column renamed or deleted in Google that
// blocks still read, in words, with its fix. A renamed column: "Use 'New name'". A deleted one: a
// choice of the tab's current columns and "Use this column" (or, when the tab has no other
// column, a word to edit the blocks). The server points every block of the workspace's apps over
// the spreadsheet at the column chosen and answers the fresh status, which replaces the cached one;
// the pages and boards are read again, so an open editor shows the blocks as now stored.
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GoogleSyncStatus } from '../../../shared/api/google';
import { toast } from '../../lib/toast';
import { googleApi, useSyncChange } from './api';
import { brokenColumnFixes, remapDoneWords, type BrokenColumnFix } from './google-state';

function FixRow({ spreadsheetId, fix }: { spreadsheetId: string; fix: BrokenColumnFix }) {
  const qc = useQueryClient();
  const [picked, setPicked] = useState<string | null>(null);
  const { busy, error, run } = useSyncChange(spreadsheetId);

  const use = (to: string) =>
    run(
      () => googleApi.remap(spreadsheetId, { tab: fix.tab, column: fix.column, to }),
      () => {
        // Blocks changed in every app over this spreadsheet: the editor's pages and the boards reload.
        void qc.invalidateQueries({ queryKey: ['pages'] });
        void qc.invalidateQueries({ queryKey: ['board'] });
        toast.success('Columns updated', remapDoneWords(fix, to));
      },
    );

  return (
    <Stack gap={4} data-testid="google-broken-column">
      <Text size="sm" c="orange.8">
        {fix.line}
      </Text>
      {fix.change === 'renamed' && fix.to !== null ? (
        <Group gap="xs">
          <Button size="xs" variant="light" color="orange" loading={busy} onClick={() => void use(fix.to!)}>
            Use &apos;{fix.to}&apos;
          </Button>
        </Group>
      ) : fix.choices.length > 0 ? (
        <Group gap="xs" align="flex-end">
          <Select
            size="xs"
            aria-label={`Column to use instead of '${fix.column}'`}
            placeholder="Pick a column"
            data={fix.choices}
            value={picked}
            onChange={setPicked}
            searchable
            comboboxProps={{ withinPortal: true }}
            style={{ minWidth: 180 }}
          />
          <Button size="xs" variant="light" color="orange" loading={busy} disabled={picked === null} onClick={() => picked !== null && void use(picked)}>
            Use this column
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          The sheet &apos;{fix.tab}&apos; has no other column to use. Edit these blocks to choose what they show.
        </Text>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The broken columns of a status with their fixes; nothing when none. `blockIds`: only these blocks' uses. */
export function BrokenColumns({ spreadsheetId, sync, blockIds }: { spreadsheetId: string; sync: GoogleSyncStatus; blockIds?: ReadonlySet<string> }) {
  const fixes = brokenColumnFixes(sync, blockIds);
  if (fixes.length === 0) return null;
  return (
    <Stack gap="xs" mt={4} data-testid="google-broken-columns">
      {fixes.map((fix) => (
        <FixRow key={fix.key} spreadsheetId={spreadsheetId} fix={fix} />
      ))}
    </Stack>
  );
}
