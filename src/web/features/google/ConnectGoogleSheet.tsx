// "Connect a Google Sheet" (issue 16): the dialog that connects the workspace's Google account
// when it has none (or Google stopped accepting it), then takes the link of a sheet, starts its
// first sync and shows its progress until the sheet's tabs are ready as sheets. What it shows
// for the connection is decided in google-state.ts (connectView).
import { Alert, Button, CopyButton, Group, Modal, Progress, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandGoogle, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError, messageOf } from '../../lib/api';
import { keys } from '../../lib/queries';
import { useOnChange } from '../../lib/use-on-change';
import { googleApi, googleKeys, useGoogleConnection, useGoogleSync } from './api';
import {
  checkSheetLink,
  connectView,
  DEFAULT_MODE,
  GOOGLE_WORDS,
  MODE_CHOICES,
  progressPercent,
  progressWords,
  readyMessage,
  type ConnectView,
  type GoogleMode,
} from './google-state';

/** The spreadsheet whose first sync the dialog follows. */
interface Following {
  id: string;
  title: string;
}

export function ConnectGoogleSheetModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const connection = useGoogleConnection(opened);
  const [following, setFollowing] = useState<Following | null>(null);
  const [useShared, setUseShared] = useState(false);

  useOnChange(opened, (open) => {
    if (open) {
      setFollowing(null);
      setUseShared(false);
    }
  });

  let body: React.ReactNode;
  if (following) body = <SyncProgress following={following} onClose={onClose} onAnother={() => setFollowing(null)} />;
  else if (connection.isPending) body = <Text size="sm">Checking your Google connection…</Text>;
  else if (connection.isError)
    body = (
      <Alert color="red" variant="light" role="alert">
        {connection.error.message}
      </Alert>
    );
  else {
    const view = connectView(connection.data);
    body =
      view.step === 'connect' && useShared && view.shareWith ? (
        <LinkStep view={{ step: 'share', shareWith: view.shareWith }} onStarted={setFollowing} onBack={() => setUseShared(false)} />
      ) : (
        <ViewStep view={view} onStarted={setFollowing} onShare={() => setUseShared(true)} onClose={onClose} />
      );
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Connect a Google Sheet" size="lg" centered>
      <div data-testid="google-connect">{body}</div>
    </Modal>
  );
}

function ViewStep({ view, onStarted, onShare, onClose }: { view: ConnectView; onStarted: (f: Following) => void; onShare: () => void; onClose: () => void }) {
  switch (view.step) {
    case 'link':
    case 'share':
      return <LinkStep view={view} onStarted={onStarted} />;
    case 'connect':
      return <ConsentStep shareWith={view.shareWith} onShare={onShare} />;
    case 'reconnect':
      return <ReconnectStep reason={view.reason} mode={view.mode} canConsent={view.canConsent} />;
    case 'unavailable':
      return (
        <Stack gap="sm">
          <Alert color="gray" variant="light" data-testid="google-unavailable">
            {GOOGLE_WORDS.unavailable}
          </Alert>
          <CloseFoot onClose={onClose} />
        </Stack>
      );
  }
}

/** Sends the owner to Google's consent page (the whole page goes; Google brings it back to the dashboard). */
function useConsent() {
  const [going, setGoing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async (mode: GoogleMode) => {
    setGoing(true);
    setError(null);
    try {
      window.location.assign(await googleApi.connect(mode));
    } catch (e) {
      setError(messageOf(e));
      setGoing(false);
    }
  };
  return { going, error, go };
}

function ConsentStep({ shareWith, onShare }: { shareWith: string | null; onShare: () => void }) {
  const [mode, setMode] = useState<GoogleMode>(DEFAULT_MODE);
  const consent = useConsent();
  return (
    <Stack gap="md">
      <Text size="sm">{GOOGLE_WORDS.connectIntro}</Text>
      <Radio.Group label="What may the app do with your sheets?" value={mode} onChange={(v) => setMode(v as GoogleMode)}>
        <Stack gap="sm" mt="xs">
          {MODE_CHOICES.map((c) => (
            <Radio key={c.value} value={c.value} label={c.label} description={c.description} />
          ))}
        </Stack>
      </Radio.Group>
      {consent.error && (
        <Alert color="red" variant="light" role="alert" data-testid="google-error">
          {consent.error}
        </Alert>
      )}
      <Group justify="space-between">
        {shareWith ? (
          <Button variant="subtle" onClick={onShare}>
            Share a sheet with the app instead
          </Button>
        ) : (
          <span />
        )}
        <Button leftSection={<IconBrandGoogle size={16} />} loading={consent.going} onClick={() => consent.go(mode)}>
          Connect your Google account
        </Button>
      </Group>
    </Stack>
  );
}

function ReconnectStep({ reason, mode, canConsent }: { reason: string; mode: GoogleMode; canConsent: boolean }) {
  const consent = useConsent();
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" title="Reconnect needed" data-testid="google-reconnect">
        {reason}
      </Alert>
      <Text size="sm">{GOOGLE_WORDS.reconnect}</Text>
      {consent.error && (
        <Alert color="red" variant="light" role="alert" data-testid="google-error">
          {consent.error}
        </Alert>
      )}
      {canConsent ? (
        <Group justify="flex-end">
          <Button leftSection={<IconRefresh size={16} />} loading={consent.going} onClick={() => consent.go(mode)}>
            Reconnect your Google account
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {GOOGLE_WORDS.unavailable}
        </Text>
      )}
    </Stack>
  );
}

function ShareWith({ email }: { email: string }) {
  return (
    <Alert color="blue" variant="light" data-testid="google-share">
      <Stack gap={6}>
        <Text size="sm">{GOOGLE_WORDS.share(email)}</Text>
        <Group gap="xs">
          <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
            {email}
          </Text>
          <CopyButton value={email}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" leftSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy e-mail'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

function LinkStep({
  view,
  onStarted,
  onBack,
}: {
  view: Extract<ConnectView, { step: 'link' } | { step: 'share' }>;
  onStarted: (f: Following) => void;
  onBack?: () => void;
}) {
  const qc = useQueryClient();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = checkSheetLink(link);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    setSending(true);
    try {
      const { spreadsheet, sync } = await googleApi.addSpreadsheet(checked.url);
      qc.setQueryData(googleKeys.sync(spreadsheet.id), sync);
      qc.invalidateQueries({ queryKey: keys.spreadsheets });
      onStarted({ id: spreadsheet.id, title: spreadsheet.title });
    } catch (e) {
      setSending(false);
      // Google refused the connection meanwhile: the dialog asks again and shows the reconnect step.
      if (e instanceof ApiError && e.code === 'google_reconnect_needed') qc.invalidateQueries({ queryKey: googleKeys.connection });
      setError(messageOf(e));
    }
  };

  return (
    <form onSubmit={submit} aria-label="Connect a Google Sheet" noValidate>
      <Stack gap="md">
        {view.step === 'link' ? (
          <Text size="sm" data-testid="google-account">
            Connected as <b>{view.account}</b>.
          </Text>
        ) : null}
        {view.step === 'share' ? <ShareWith email={view.shareWith} /> : view.shareWith ? <ShareWith email={view.shareWith} /> : null}
        <TextInput
          label="Link to your Google Sheet"
          description="Open the sheet in Google Sheets and copy the link from your browser's address bar."
          placeholder="https://docs.google.com/spreadsheets/d/…"
          value={link}
          onChange={(e) => {
            setLink(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify={onBack ? 'space-between' : 'flex-end'}>
          {onBack && (
            <Button variant="subtle" onClick={onBack}>
              Back
            </Button>
          )}
          <Button type="submit" loading={sending}>
            Connect
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SyncProgress({ following, onClose, onAnother }: { following: Following; onClose: () => void; onAnother: () => void }) {
  const qc = useQueryClient();
  const sync = useGoogleSync(following.id);
  const status = sync.data?.status;
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);

  // The sync ended (or was already over): the list shows the sheets with their rows.
  useEffect(() => {
    if (status !== undefined && status !== 'syncing') qc.invalidateQueries({ queryKey: keys.spreadsheets });
  }, [status, qc]);

  const retry = async () => {
    setRetrying(true);
    setRetryError(null);
    try {
      qc.setQueryData(googleKeys.sync(following.id), await googleApi.pull(following.id));
    } catch (e) {
      setRetryError(messageOf(e));
    } finally {
      setRetrying(false);
    }
  };

  if (!sync.data)
    return sync.isError ? (
      <Alert color="red" variant="light" role="alert">
        {sync.error.message}
      </Alert>
    ) : (
      <Text size="sm">Starting the sync of {following.title}…</Text>
    );

  const s = sync.data;
  if (s.status === 'syncing') {
    const percent = progressPercent(s);
    return (
      <Stack gap="xs" aria-live="polite" data-testid="google-progress">
        <Text size="sm">Reading {following.title} from Google…</Text>
        <Progress value={percent ?? 100} animated={percent === null} striped={percent === null} aria-label="Sync progress" />
        <Text size="xs" c="dimmed">
          {progressWords(s)}. You may close this window: the sync goes on.
        </Text>
        <CloseFoot onClose={onClose} />
      </Stack>
    );
  }
  if (s.status === 'ok')
    return (
      <Stack gap="sm" data-testid="google-done">
        <Alert color="teal" variant="light" title="Connected" icon={<IconCheck size={18} />}>
          {readyMessage(following.title, s)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onAnother}>
            Connect another sheet
          </Button>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  // error or paused: said in words; a paused sync needs the account reconnected (the connection step says how).
  return (
    <Stack gap="sm">
      <Alert color={s.status === 'paused' ? 'orange' : 'red'} variant="light" role="alert" data-testid="google-error" title={s.status === 'paused' ? 'Sync paused' : 'Sync failed'}>
        {s.error ?? (s.status === 'paused' ? GOOGLE_WORDS.pausedFallback : GOOGLE_WORDS.errorFallback)}
      </Alert>
      {retryError && (
        <Text size="sm" c="red">
          {retryError}
        </Text>
      )}
      <CloseFoot onClose={onClose}>
        {s.status === 'paused' ? (
          <ReconnectButton />
        ) : (
          <Button leftSection={<IconRefresh size={16} />} loading={retrying} onClick={retry}>
            Try again
          </Button>
        )}
      </CloseFoot>
    </Stack>
  );
}

/** Straight to Google's consent page, keeping the mode the connection had. */
export function ReconnectButton() {
  const connection = useGoogleConnection(true);
  const consent = useConsent();
  const c = connection.data;
  if (!c?.oauth_available) return null;
  return (
    <>
      <Button leftSection={<IconRefresh size={16} />} loading={consent.going} onClick={() => consent.go(c.connection?.mode ?? DEFAULT_MODE)}>
        Reconnect your Google account
      </Button>
      {consent.error && (
        <Text size="sm" c="red" role="alert">
          {consent.error}
        </Text>
      )}
    </>
  );
}

/** The foot of a step: Close, then the step's own buttons. */
function CloseFoot({ onClose, children }: { onClose: () => void; children?: ReactNode }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        Close
      </Button>
      {children}
    </Group>
  );
}
