// /admin/codes' list: the status filter with its counts, and the codes with who redeemed them and
// Revoke (after a confirmation: a used code stops counting for its workspace).
import { Badge, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminCode } from '../../../shared/api/billing';
import { RecordTable, NOWRAP, WRAP, type RecordColumn } from '../../components/RecordTable';
import { messageOf } from '../../lib/api';
import { toast } from '../../lib/toast';
import { adminApi, adminKeys, type CodeFilter } from './admin-api';
import { useAdminUnauthorized } from './AdminLoadError';
import { formatInstant } from './format';

const STATUS_COLORS = { unused: 'teal', redeemed: 'grape', revoked: 'gray' } as const;
const STATUS_LABELS = { unused: 'Unused', redeemed: 'Redeemed', revoked: 'Revoked' } as const;

export function CodeStatusFilter({ value, onChange, counts }: { value: CodeFilter; onChange: (status: CodeFilter) => void; counts: Record<AdminCode['status'], number> | undefined }) {
  const counted = (status: AdminCode['status']) => `${STATUS_LABELS[status]}${counts ? ` (${counts[status]})` : ''}`;
  return (
    <Group justify="space-between" wrap="wrap">
      <SegmentedControl
        value={value}
        onChange={(v) => onChange(v as CodeFilter)}
        data={[
          { value: 'all', label: 'All' },
          { value: 'unused', label: counted('unused') },
          { value: 'redeemed', label: counted('redeemed') },
          { value: 'revoked', label: counted('revoked') },
        ]}
      />
    </Group>
  );
}

function RedeemedBy({ code: c }: { code: AdminCode }) {
  if (!c.redeemed_email) return '—';
  return (
    <>
      {c.redeemed_email}
      {c.workspace_name && (
        <Text size="xs" c="dimmed">
          {c.workspace_name} · {formatInstant(c.redeemed_at)}
        </Text>
      )}
    </>
  );
}

export function CodesTable({ codes, labelledBy }: { codes: readonly AdminCode[]; labelledBy: string }) {
  const qc = useQueryClient();
  const unauthorized = useAdminUnauthorized();
  const revoke = useMutation({
    mutationFn: adminApi.revokeCode,
    onSuccess: (r) => {
      toast.success('Code revoked', `…${r.code.hint} can no longer be used.`);
      void qc.invalidateQueries({ queryKey: adminKeys.codesAll });
    },
    onError: (e) => {
      if (!unauthorized(e)) toast.error('Revoke failed', messageOf(e));
    },
  });
  // The code whose revocation waits for a confirmation.
  const [confirming, setConfirming] = useState<AdminCode | null>(null);

  const columns: RecordColumn<AdminCode>[] = [
    { header: 'Code', cell: (c) => `SB-…-${c.hint}`, style: { fontFamily: 'monospace', ...NOWRAP } },
    { header: 'Note', cell: (c) => c.note, style: WRAP },
    { header: 'Created', cell: (c) => formatInstant(c.created_at), style: NOWRAP },
    {
      header: 'Status',
      cell: (c) => (
        <Badge variant="light" color={STATUS_COLORS[c.status]}>
          {STATUS_LABELS[c.status]}
        </Badge>
      ),
    },
    { header: 'Redeemed by', cell: (c) => <RedeemedBy code={c} />, style: WRAP },
    {
      cell: (c) =>
        c.status !== 'revoked' && (
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirming(c)} loading={revoke.isPending && revoke.variables === c.id}>
            Revoke
          </Button>
        ),
    },
  ];

  return (
    <>
      <RecordTable rows={codes} columns={columns} minWidth={760} labelledBy={labelledBy} rowTestId="code-row" rowData={(c) => ({ 'data-status': c.status })} />
      <Modal opened={!!confirming} onClose={() => setConfirming(null)} title={confirming ? `Revoke …${confirming.hint}?` : ''} centered>
        <Stack gap="md">
          <Text size="sm">
            {confirming?.status === 'redeemed'
              ? `${confirming.redeemed_email ?? 'Its workspace'} loses what this code gave (the next tier down, or the free plan when it was the only one).`
              : 'Nobody will be able to redeem it.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (confirming) revoke.mutate(confirming.id);
                setConfirming(null);
              }}
            >
              Revoke
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
