// The browsers and devices signed in to the account: sign one out, or every one but this (which
// also revokes the API tokens and withdraws editor invitations nobody accepted: a way to take the
// account back from someone who had it).
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconDevices } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { AccountSession, SessionsResponse, SignOutOthersResponse } from '../../../shared/api/account';
import { ListTable } from '../../components/ListTable';
import { Notice } from '../../components/Notice';
import { api, type Out } from '../../lib/api';
import { toast } from '../../lib/toast';
import { AccountSection } from './AccountSection';

export const sessionsKey = ['account-sessions'] as const;
const many = (n: number, one: string, more: string) => (n === 1 ? `1 ${one}` : `${n} ${more}`);
const signedOutMessage = (r: Out<typeof SignOutOthersResponse>) =>
  `${many(r.ended, 'other session was', 'other sessions were')} signed out, ${many(r.tokens, 'API token', 'API tokens')} revoked and ${many(r.invitations, 'editor invitation', 'editor invitations')} withdrawn.`;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—');

export function SessionsCard() {
  const qc = useQueryClient();
  const headingId = useId();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: async () => (await api.get<Out<typeof SessionsResponse>>('/api/account/sessions')).sessions });
  const others = useMutation({
    mutationFn: () => api.post<Out<typeof SignOutOthersResponse>>('/api/account/sessions/sign-out-others'),
    onSuccess: (res) => toast.success('Signed out everywhere else', signedOutMessage(res)),
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
          The browsers and devices signed in to your account. “Sign out everywhere else” also revokes your API tokens, withdraws the editor invitations nobody has accepted yet and ends the links we e-mailed you: use it if someone else may have had your account.
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
          <Button variant="light" color="red" onClick={() => others.mutate()} loading={others.isPending}>
            Sign out everywhere else
          </Button>
        </Group>
      </Stack>
    </AccountSection>
  );
}
