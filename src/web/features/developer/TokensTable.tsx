// The owner's tokens: name, start of the secret, scope, creation and last use; Revoke after a
// question. Under it, where the machine-readable description of the API is.
import { Anchor, Badge, Code, Group, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { SCOPE_LABELS, type ApiToken, type ApiTokensResponse } from '../../../shared/api/developer';
import { confirmDanger } from '../../components/confirm-danger';
import { ListCard } from '../../components/ListCard';
import { ListTable } from '../../components/ListTable';
import { RemoveButton } from '../../components/RemoveButton';
import { api, type Out } from '../../lib/api';
import { formatInstant } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { TOKENS_KEY, TOKENS_PATH } from './developer-api';

/** `onRevoked`: a token was revoked (the page takes its secret off the screen if it is still shown). */
export function TokensTable({ onRevoked }: { onRevoked?: (id: string) => void } = {}) {
  const qc = useQueryClient();
  const headingId = useId();
  const [listError, setListError] = useState<string | null>(null);
  const tokens = useQuery({ queryKey: TOKENS_KEY, queryFn: () => api.get<Out<typeof ApiTokensResponse>>(TOKENS_PATH) });

  const revoke = useMutation({
    mutationFn: (token: ApiToken) => api.delete(`${TOKENS_PATH}/${encodeURIComponent(token.id)}`),
    onMutate: () => setListError(null),
    onSuccess: (_r, token) => {
      onRevoked?.(token.id);
      toast.success('Token revoked', `Scripts using “${token.name}” can no longer reach your account.`);
    },
    onError: (e) => setListError((e as Error).message),
    onSettled: () => qc.invalidateQueries({ queryKey: TOKENS_KEY }),
  });

  const confirmRevoke = (token: ApiToken) =>
    confirmDanger({ title: 'Revoke token', question: `Revoke “${token.name}”? Scripts using it stop working at once. This cannot be undone.`, confirm: 'Revoke', onConfirm: () => revoke.mutate(token) });

  const list = tokens.data?.tokens ?? [];
  return (
    <ListCard
      heading={
        <Group justify="space-between">
          <Title order={4} id={headingId}>
            Your tokens
          </Title>
          {tokens.data && (
            <Text size="sm" c="dimmed">
              {list.length} of {tokens.data.max}
            </Text>
          )}
        </Group>
      }
      changeError={listError}
      onDismissChangeError={() => setListError(null)}
      loadError={tokens.error}
    >
      <ListTable
        aria-labelledby={headingId}
        striped
        verticalSpacing="xs"
        minWidth={640}
        columns={['Name', 'Token', 'Scope', 'Created', 'Last used', 'Action']}
        query={tokens}
        items={list}
        loadingText="Loading tokens..."
        emptyText="No tokens yet."
        row={(tk) => (
          <Table.Tr key={tk.id} data-testid="token-row" aria-label={tk.name}>
            <Table.Td>{tk.name}</Table.Td>
            <Table.Td>
              <Code>{tk.prefix}…</Code>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={tk.scope === 'read' ? 'blue' : 'orange'}>
                {SCOPE_LABELS[tk.scope].label}
              </Badge>
            </Table.Td>
            <Table.Td>{formatInstant(tk.created_at)}</Table.Td>
            <Table.Td data-testid="last-used">{tk.last_used_at ? formatInstant(tk.last_used_at) : 'Never'}</Table.Td>
            <Table.Td>
              <RemoveButton action="Revoke" name={tk.name} onClick={() => confirmRevoke(tk)} variant="subtle" />
            </Table.Td>
          </Table.Tr>
        )}
      />
      <Text size="xs" c="dimmed">
        The machine-readable description of the API is at{' '}
        <Anchor href="/api/openapi.json" target="_blank" rel="noopener">
          /api/openapi.json
        </Anchor>{' '}
        (OpenAPI 3.1).
      </Text>
    </ListCard>
  );
}
