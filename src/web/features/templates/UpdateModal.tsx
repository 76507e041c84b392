// "Update available" on a cloned app (issue 33 §2): what the template's new version changes, in
// words; for each thing both the owner and the template changed, a choice (keep mine / take the
// template's); Apply merges it into the app (its data, column mapping and the owner's own changes
// kept). The app as it was before the last update can be put back from here too.
import { Alert, Button, Group, List, Loader, Modal, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { keys } from '../../lib/queries';
import { toast } from '../../lib/toast';
import { templateKeys, templatesApi } from './api';

export function UpdateModal({ appId, appName, opened, onClose }: { appId: string; appName: string; opened: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const preview = useQuery({ queryKey: templateKeys.update(appId), queryFn: () => templatesApi.update(appId), enabled: opened, retry: false });
  const [choices, setChoices] = useState<Record<string, 'mine' | 'theirs'>>({});
  const done = () => {
    void qc.invalidateQueries({ queryKey: templateKeys.origins });
    void qc.invalidateQueries({ queryKey: templateKeys.update(appId) });
    void qc.invalidateQueries({ queryKey: keys.apps });
  };
  const apply = useMutation({
    mutationFn: (version: number) => templatesApi.applyUpdate(appId, { version_number: version, resolutions: choices }),
    onSuccess: (r) => {
      done();
      setChoices({});
      toast.success('Update applied', `${appName} now has version ${r.version_number} of its template. You can put the earlier version back from here.`);
      onClose();
    },
    onError: (e) => {
      void qc.invalidateQueries({ queryKey: templateKeys.update(appId) });
      toast.error('The update was not applied', (e as Error).message);
    },
  });
  const restore = useMutation({
    mutationFn: (snapshotId: string) => templatesApi.restoreUpdate(appId, snapshotId),
    onSuccess: (r) => {
      done();
      toast.success('Earlier version put back', `${appName} is as it was with version ${r.version_number} of its template. Your data was not changed.`);
      onClose();
    },
    onError: (e) => toast.error('Could not put the earlier version back', (e as Error).message),
  });

  const p = preview.data;
  const conflicts = p?.conflicts ?? [];
  const allChosen = conflicts.every((c) => choices[c.id]);
  return (
    <Modal opened={opened} onClose={onClose} title={<Title order={4}>Template update for {appName}</Title>} size="lg" data-testid="update-modal">
      {preview.isLoading && <Loader size="sm" />}
      {preview.isError && <Alert color="red">{(preview.error as Error).message}</Alert>}
      {p && (
        <Stack gap="md">
          {p.available ? (
            <>
              <Text size="sm">
                Version {p.latest_version_number} of {p.template_name ? `“${p.template_name}”` : 'the template'} is out (your app has version {p.version_number}). Applying it keeps
                your data, your column mapping and the changes you made where the template did not change the same thing.
              </Text>
              <div>
                <Text fw={600} size="sm" mb={4}>
                  What the new version changes
                </Text>
                {p.changes.length ? (
                  <List size="sm" spacing={2} data-testid="update-changes">
                    {p.changes.map((c, i) => (
                      <List.Item key={i}>{c.text}</List.Item>
                    ))}
                  </List>
                ) : (
                  <Text size="sm" c="dimmed">
                    Nothing you would see: only the template's data or details changed.
                  </Text>
                )}
              </div>
              {conflicts.length > 0 && (
                <Stack gap="sm" data-testid="update-conflicts">
                  <Text fw={600} size="sm">
                    You and the template both changed {conflicts.length === 1 ? 'one thing' : `${conflicts.length} things`}: choose what to keep
                  </Text>
                  {conflicts.map((c) => (
                    <Radio.Group key={c.id} label={c.text} value={choices[c.id] ?? null} onChange={(v) => setChoices((prev) => ({ ...prev, [c.id]: v as 'mine' | 'theirs' }))}>
                      <Group mt={4}>
                        <Radio value="mine" label={`Keep mine: ${c.mine}`} />
                        <Radio value="theirs" label={`Take the template's: ${c.theirs}`} />
                      </Group>
                    </Radio.Group>
                  ))}
                </Stack>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Not now
                </Button>
                <Button onClick={() => apply.mutate(p.latest_version_number!)} loading={apply.isPending} disabled={!allChosen} data-testid="apply-update">
                  Apply the update
                </Button>
              </Group>
              {!allChosen && (
                <Text size="xs" c="dimmed" ta="right">
                  Choose for each change you both made to apply the update.
                </Text>
              )}
            </>
          ) : (
            <Text size="sm">Your app has the latest version of its template.</Text>
          )}
          {p.restore && (
            <Alert color="gray" title="Put the earlier version back">
              <Text size="sm" mb="xs">
                Before the last update your app had version {p.restore.version_number} of the template. You can put its pages, blocks and settings back as they were then; your data
                stays as it is.
              </Text>
              <Button size="xs" variant="light" onClick={() => restore.mutate(p.restore!.snapshot_id)} loading={restore.isPending} data-testid="restore-update">
                Put version {p.restore.version_number} back
              </Button>
            </Alert>
          )}
        </Stack>
      )}
    </Modal>
  );
}
