// The Privacy Settings form of Push to Live (shell §2.4, §4, §8): the 'App privacy' switch, and
// when public the Publish URL and the Sign In Method. Loaded with GET /api/apps/{id} each time the
// dialog opens; saved with PUT /api/apps/{id} {public, publishUrl, sign_in_method}. The steps and
// texts are in privacy-form.ts.
import { Alert, Button, Group, Loader, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { AppResponse, UpdateAppResponse } from '../../shared/api';
import { api, issuesByPath, type Out } from '../lib/api';
import { useBaseUrl } from '../lib/host';
import { keys } from '../lib/queries';
import { CustomDomainStatus, domainAwaitsVerify } from './CustomDomainStatus';
import { toast } from '../lib/toast';
import {
  defaultPublishUrl,
  fallbackSettings,
  initialPrivacyState,
  isSignInMethod,
  PRIVACY_DELAYS,
  privacyDescription,
  PRIVACY_TEXT,
  PrivacyError,
  privacyReducer,
  resolveAppId,
  saveBody,
  savedMessage,
  settingsFromApp,
  SIGN_IN_METHODS,
  type PrivacySettings as Settings,
} from './privacy-form';

type AppOut = Out<typeof AppResponse>['app'];

const detailOf = (e: unknown) => (e instanceof PrivacyError ? e.detail : e instanceof Error ? e.message : null);

const lookup = (appName: string) => api.post<Out<typeof AppResponse>>('/api/app/app-info', { appName });

export function PrivacySettings({
  appId,
  subdomain,
  onClose,
}: {
  /** The app being edited (the editor knows it); without it the host's first label names the app. */
  appId: string | undefined;
  /** Its subdomain, for the Publish URL shown when loading fails. */
  subdomain: string | undefined;
  /** Closes the dialog (1 s after a public setting is saved). */
  onClose: () => void;
}) {
  const qc = useQueryClient();
  // `http://{subdomain}.{base host}`: the Publish URL shown while the app has none of its own.
  const baseUrl = useBaseUrl().data;
  const [state, dispatch] = useReducer(privacyReducer, '', () => initialPrivacyState(''));
  // The id the settings were loaded for, per `appId` given; saving resolves it again when loading could not.
  const resolved = useRef<{ appId: string | undefined; id: string } | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const findId = useCallback(async () => {
    const known = resolved.current;
    if (known && known.appId === appId) return known.id;
    const id = await resolveAppId(appId, window.location.host, lookup);
    resolved.current = { appId, id };
    return id;
  }, [appId]);

  // Each opening (this form mounts with the dialog) starts from what the server holds.
  useEffect(() => {
    if (!baseUrl) return;
    const addressOf = (sub: string | undefined) => (sub ? defaultPublishUrl(baseUrl, sub) : '');
    let live = true;
    (async () => {
      let id: string;
      try {
        id = await findId();
      } catch (e) {
        if (live) dispatch({ type: 'load-failed', settings: fallbackSettings(addressOf(subdomain)), error: e instanceof PrivacyError ? e.message : PRIVACY_TEXT.noAppInfo, detail: detailOf(e) });
        return;
      }
      try {
        const { app } = await qc.fetchQuery({
          queryKey: keys.app(id),
          queryFn: () => api.get<Out<typeof AppResponse>>(`/api/apps/${encodeURIComponent(id)}`),
          staleTime: 0,
        });
        if (live) dispatch({ type: 'loaded', settings: settingsFromApp(app, addressOf(app.subdomain)) });
      } catch (e) {
        if (live) dispatch({ type: 'load-failed', settings: fallbackSettings(addressOf(subdomain)), error: PRIVACY_TEXT.noAppInfo, detail: detailOf(e) });
      }
    })();
    return () => {
      live = false;
    };
  }, [baseUrl, findId, qc, subdomain]);

  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);

  // 'Auto-saving privacy settings...' shows for 2 s.
  const notice = state.notice;
  useEffect(() => {
    if (notice?.kind !== 'info') return;
    const t = setTimeout(() => dispatch({ type: 'notice-expired', text: notice.text }), PRIVACY_DELAYS.autoSaveMessage);
    return () => clearTimeout(t);
  }, [notice]);

  const put = async (settings: Settings): Promise<AppOut> => {
    const id = await findId();
    const { app, warnings } = await api.put<Out<typeof UpdateAppResponse>>(`/api/apps/${encodeURIComponent(id)}`, saveBody(settings));
    // Live all the same; the owner learns which blocks show nothing (issue 33).
    for (const w of warnings ?? []) toast.warning('Some blocks need your attention', w);
    qc.setQueryData(keys.app(id), { app });
    // The editor (embed dialog, guest checks) and the dashboard show the new privacy.
    void qc.invalidateQueries({ queryKey: ['board'] });
    void qc.invalidateQueries({ queryKey: keys.apps });
    return app;
  };

  const toggle = async (on: boolean) => {
    dispatch({ type: 'toggle', on });
    if (on) return;
    try {
      await put({ ...state.settings, isPublic: false });
      dispatch({ type: 'auto-save-ok' });
    } catch (e) {
      dispatch({ type: 'auto-save-failed', detail: detailOf(e) });
    }
  };

  const save = async () => {
    const settings = state.settings;
    dispatch({ type: 'save-start' });
    try {
      const app = await put(settings);
      const saved = settingsFromApp(app, settings.publishUrl);
      dispatch({ type: 'save-ok', settings: saved });
      // A domain of the owner's that waits for Verify keeps the dialog open on its DNS record.
      const awaitsVerify = appId ? await domainAwaitsVerify(qc, appId).catch(() => false) : false;
      const message = awaitsVerify ? 'Saved. Your domain shows the app once it is verified: add the DNS record shown, then press Verify.' : savedMessage(saved);
      toast.success(PRIVACY_TEXT.savedTitle, message, PRIVACY_DELAYS.successMessage);
      if (saved.isPublic && !awaitsVerify) closeTimer.current = setTimeout(onClose, PRIVACY_DELAYS.closeAfterLive);
    } catch (e) {
      dispatch({ type: 'save-failed', detail: detailOf(e), fieldErrors: issuesByPath(e) });
    }
  };

  const { settings, loading, saving, autoSaving, fieldErrors } = state;
  const busy = saving || autoSaving;
  if (loading)
    return (
      <Group gap="xs" py="sm">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      </Group>
    );
  return (
    <form
      aria-label="Privacy Settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void save();
      }}
    >
      <Stack gap="sm">
        {/* The switch says its state in words (Public / Private), on the track and below the label. */}
        <Switch
          label="App privacy"
          size="xl"
          onLabel="Public"
          offLabel="Private"
          // A track wide enough for its word; the label and description keep the form's text size.
          styles={{
            track: { minWidth: 84 },
            label: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500 },
            description: { fontSize: 'var(--mantine-font-size-xs)' },
          }}
          description={privacyDescription(settings.isPublic)}
          checked={settings.isPublic}
          disabled={busy}
          onChange={(e) => void toggle(e.currentTarget.checked)}
        />
        {settings.isPublic && (
          <>
            <TextInput
              label="Publish URL"
              description="The address of your app. Point your own host name at this server and enter it here to serve the app there."
              value={settings.publishUrl}
              onChange={(e) => dispatch({ type: 'edit', patch: { publishUrl: e.currentTarget.value } })}
              error={fieldErrors.publishUrl}
              maxLength={500}
            />
            {appId && <CustomDomainStatus appId={appId} />}
            <Select
              label="Sign In Method"
              data={[...SIGN_IN_METHODS]}
              value={settings.signInMethod}
              allowDeselect={false}
              onChange={(v) => isSignInMethod(v) && dispatch({ type: 'edit', patch: { signInMethod: v } })}
              error={fieldErrors.sign_in_method}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        )}
        {notice && (
          <Alert color={notice.kind === 'error' ? 'red' : 'blue'} title={notice.text} role={notice.kind === 'error' ? 'alert' : 'status'} py="xs">
            {notice.detail && notice.detail !== notice.text ? notice.detail : null}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={busy}>
            {saving ? 'Loading...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
