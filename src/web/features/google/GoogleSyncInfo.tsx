// A Google-fed spreadsheet in the dashboard's list (issue 16): a "Google Sheets" badge and its sync
// status in the item's header (GoogleSyncBadges), and in its panel the status in words, "Sync now",
// "Open in Google Sheets" and the columns changed in Google that blocks still read, each with its
// one-click remap (GoogleSyncPanel, BrokenColumns). Both read one status query, asked again every two
// seconds while a sync runs; when a sync ends the list refreshes (row counts, new tabs).
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconBrandGoogle, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { keys } from '../../lib/queries';
import { googleApi, useGoogleSync, useSyncChange } from './api';
import { ReconnectButton } from './ConnectGoogleSheet';
import { GooglePushInfo } from './GooglePushInfo';
import { BrokenColumns } from './BrokenColumns';
import { sheetOpenUrl, syncFinished, syncWords } from './google-state';

/** How often the list asks while a sync runs. */
const LIST_POLL_MS = 2000;

/** The time, renewed every half minute (so "5 minutes ago" moves on). */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

function useListSync(spreadsheetId: string) {
  const qc = useQueryClient();
  const sync = useGoogleSync(spreadsheetId, LIST_POLL_MS);
  const status = sync.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    if (status !== undefined && syncFinished(previous.current, status)) qc.invalidateQueries({ queryKey: keys.spreadsheets });
    previous.current = status;
  }, [status, qc]);
  return sync;
}

export function GoogleSyncBadges({ spreadsheetId }: { spreadsheetId: string }) {
  const sync = useListSync(spreadsheetId);
  const now = useNow();
  const words = sync.data ? syncWords(sync.data, now) : null;
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      <Badge variant="light" color="green" tt="none" leftSection={<IconBrandGoogle size={12} />} data-testid="google-badge">
        Google Sheets
      </Badge>
      {words && (
        <Badge variant="dot" color={words.tone} tt="none" data-testid="google-sync-state">
          {words.short ?? words.label}
        </Badge>
      )}
    </Group>
  );
}

export function GoogleSyncPanel({ spreadsheetId, title }: { spreadsheetId: string; title: string }) {
  const sync = useListSync(spreadsheetId);
  const now = useNow();
  const { busy: pulling, error, run } = useSyncChange(spreadsheetId);
  const pull = () => run(() => googleApi.pull(spreadsheetId));

  const s = sync.data;
  const words = s ? syncWords(s, now) : null;
  const href = s ? sheetOpenUrl(s.url) : null;
  return (
    <Group gap="xs" justify="space-between" data-testid="google-sync" aria-live="polite">
      <div style={{ minWidth: 0 }}>
        {words ? (
          <Text size="sm" c={words.tone === 'red' ? 'red' : words.tone === 'orange' ? 'orange.8' : undefined}>
            <b>{words.label}.</b> {words.detail}
          </Text>
        ) : sync.isError ? (
          <Text size="sm" c="red">
            {sync.error.message}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Checking the sync…
          </Text>
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        {s && <GooglePushInfo spreadsheetId={spreadsheetId} sync={s} />}
        {/* The data-contract guard: columns changed in Google that blocks still read, each with its one-click fix. */}
        {s && <BrokenColumns spreadsheetId={spreadsheetId} sync={s} />}
      </div>
      <Group gap="xs">
        {s?.status === 'paused' ? (
          <ReconnectButton />
        ) : (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={pulling}
            disabled={s?.status === 'syncing'}
            onClick={pull}
            aria-label={`Sync ${title} now`}
          >
            Sync now
          </Button>
        )}
        {href && (
          <Button
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            variant="subtle"
            leftSection={<IconExternalLink size={14} />}
            aria-label={`Open ${title} in Google Sheets`}
          >
            Open in Google Sheets
          </Button>
        )}
      </Group>
    </Group>
  );
}
