// The editor's integrity notice (issue 33): blocks of this app that name a sheet or column its data
// does not have (after a column mapping, a column deleted or renamed in the data editor or an
// import) are named above the board, each problem in words, from the server's integrity check
// (shared/settings/integrity.ts). Asked again whenever the app's blocks change.
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { AppIntegrityResponse } from '../../shared/api/apps';
import { api, type Out } from '../lib/api';

export const integrityKey = (appId: string, signature: string) => ['integrity', appId, signature] as const;

export function BrokenBlocksNotice({ appId, signature }: { appId: string; signature: string }) {
  const integrity = useQuery({
    queryKey: integrityKey(appId, signature),
    queryFn: () => api.get<Out<typeof AppIntegrityResponse>>(`/api/apps/${encodeURIComponent(appId)}/integrity`),
    retry: false,
  });
  const broken = integrity.data?.broken ?? [];
  if (!broken.length) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={broken.length === 1 ? 'A block names a column that is not in the sheet' : `${broken.length} blocks name columns that are not in the sheet`}
      m="md"
      data-testid="editor-broken-blocks"
      aria-live="polite"
    >
      <Text size="sm">These blocks show nothing where a column is missing. Open each one’s settings and choose one of the sheet’s columns, or remove what it no longer needs.</Text>
      <List size="sm" mt={6}>
        {broken.flatMap((b) => b.problems.map((p) => <List.Item key={`${b.block_id}:${p}`}>{p}</List.Item>))}
      </List>
    </Alert>
  );
}
