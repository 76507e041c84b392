// What a stopped server cut short (modules/jobs on the server): "The import of big.csv was
// interrupted; nothing was changed. Try again." One alert per notice on the dashboard, until the
// owner closes it (DELETE /api/notices/{id}). Nothing while there is none.
import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticesResponse } from '../../../shared/api/notices';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';

const noticesKey = ['notices'] as const;

export function InterruptedNotices() {
  const qc = useQueryClient();
  const notices = useQuery({ queryKey: noticesKey, queryFn: () => api.get<NoticesResponse>('/api/notices') });
  const dismiss = useMutation({
    mutationFn: (id: string) => api.delete(`/api/notices/${encodeURIComponent(id)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: noticesKey }),
    onError: (e) => toast.error('Could not close the notice', (e as Error).message),
  });
  const list = notices.data?.notices ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="interrupted-notices">
      {list.map((n) => (
        <Alert
          key={n.id}
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={20} />}
          title="Interrupted"
          withCloseButton
          closeButtonLabel="Close this notice"
          onClose={() => dismiss.mutate(n.id)}
        >
          {n.message}
        </Alert>
      ))}
    </Stack>
  );
}
