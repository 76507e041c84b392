// In a Google-fed spreadsheet's panel (issue 16, push): edits made in the app still on their way
// to Google Sheets, and the ones that could not be written as made (the sheet had changed), with
// "Clear this list" once the owner has read them. The words come from push-words.ts.
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { googleApi, useSyncChange, type GoogleSync } from './api';
import { conflictsHeading, conflictWords, pendingWords } from './push-words';

export function GooglePushInfo({ spreadsheetId, sync }: { spreadsheetId: string; sync: GoogleSync }) {
  const { busy: clearing, error, run } = useSyncChange(spreadsheetId);
  const pending = pendingWords(sync);
  const heading = conflictsHeading(sync);
  if (!pending && !heading) return null;

  const clear = () => run(() => googleApi.clearConflicts(spreadsheetId));

  return (
    <Stack gap={4} mt={4}>
      {pending && (
        <Text size="sm" c={sync.push_error ? 'orange.8' : 'dimmed'} data-testid="google-pending-edits">
          {pending}
        </Text>
      )}
      {heading && (
        <Stack gap={4} data-testid="google-conflicts">
          <Text size="sm" c="orange.8">
            {heading}
          </Text>
          <List size="sm" spacing={2}>
            {sync.conflicts.map((c) => (
              <List.Item key={c.id}>{conflictWords(c)}</List.Item>
            ))}
          </List>
          <Group gap="xs">
            <Button size="xs" variant="default" loading={clearing} onClick={clear}>
              Clear this list
            </Button>
            {error && (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
