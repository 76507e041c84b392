// The browsers and devices signed in to the account: sign one out, or every one but this.
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconDevices } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { AccountSession, SessionsResponse } from '../../../shared/api/account';
import { ListTable } from '../../components/ListTable';
import { Notice } from '../../components/Notice';
import { api, type Out } from '../../lib/api';
import { toast } from '../../lib/toast';
import { AccountSection } from './AccountSection';

export const sessionsKey = ['account-sessions'] as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—');

export function SessionsCard() {
  const qc = useQueryClient();
  const headingId = useId();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: async () => (await api.get<Out<typeof SessionsResponse>>('/api/account/sessions')).sessions });
  const others = useMutation({
    mutationFn: () => api.post<{ ended: number }>('/api/account/sessions/sign-out-others'),
    onSuccess: (res) => toast.success('Signed out everywhere else', res.ended === 1 ? 'One other session was signed out.' : `${res.ended} other sessions were signed out.`),
    onError: (e) => toast.error('Could not sign out the other sessions', (e as Error).message),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsKey }),
  });
  const one = useMutation({
    mutationFn: (s: AccountSession) => api.delete(`/api/account/sessions/${encodeURIComponent(s.id)}`),
    onSuccess: (_r, s) => toast.success('Session signed out', `${s.device} is signed out.`),
    onError: (e) => toast.error('Could not sign out that session', (e as Error).message),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsKey }),
  });
  const list = sessions.data ?? [];
  return (
    <AccountSection title="Sessions" icon={<IconDevices size={20} />} label="sessions">
      <Stack gap="sm">
        <Text size="sm" c="dimmed" id={headingId}>
          The browsers and devices signed in to your account.
        </Text>
        {sessions.isError && <Notice tone="error">{sessions.error.message}</Notice>}
        <ListTable
          aria-labelledby={headingId}
          verticalSpacing="xs"
          minWidth={520}
          columns={['Device', 'Signed in', 'Last seen', '']}
          items={list}
          row={(s) => (
            <Table.Tr key={s.id} data-testid="session-row">
              <Table.Td>
                <Group gap="xs">
                  <Text size="sm">{s.device}</Text>
                  {s.current && (
                    <Badge size="sm" variant="light">
                      This device
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{when(s.created_at)}</Table.Td>
              <Table.Td>{when(s.last_seen_at)}</Table.Td>
              <Table.Td>
                {!s.current && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => one.mutate(s)} loading={one.isPending && one.variables?.id === s.id}>
                    Sign out
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          )}
        />
        <Group>
          <Button variant="light" color="red" onClick={() => others.mutate()} loading={others.isPending} disabled={list.filter((s) => !s.current).length === 0}>
            Sign out everywhere else
          </Button>
        </Group>
      </Stack>
    </AccountSection>
  );
}
