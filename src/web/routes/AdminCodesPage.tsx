// /admin/codes (issue 18, behind admin-auth): lifetime-deal codes. Generate a batch (shown once:
// the server keeps only a hash, so copy or download the list now), see every code by status with
// who redeemed it, and revoke unused or used codes (a used one stops counting for its workspace).
import { Alert, Badge, Button, CopyButton, Group, Modal, NumberInput, Pagination, Paper, SegmentedControl, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AdminCode, AdminCodesResponse, GenerateCodesResponse, RevokeCodeResponse } from '../../shared/api/billing';
import { CODE_LIMITS } from '../../shared/rules/plans';
import { Loading } from '../components/Loading';
import { AdminLayout } from '../features/admin/AdminLayout';
import { AdminLoadError, useAdminUnauthorized } from '../features/admin/AdminLoadError';
import { formatInstant } from '../features/admin/format';
import { api, messageOf, type Out } from '../lib/api';
import { toast } from '../lib/toast';

type Filter = 'all' | AdminCode['status'];
const codesKey = (status: Filter, page: number) => ['admin', 'codes', status, page] as const;
const STATUS_COLORS = { unused: 'teal', redeemed: 'grape', revoked: 'gray' } as const;
const STATUS_LABELS = { unused: 'Unused', redeemed: 'Redeemed', revoked: 'Revoked' } as const;

/** The batch as a file: one code a line, with a header (opens in any spreadsheet). */
function download(codes: string[], note: string) {
  const blob = new Blob([`code\n${codes.join('\n')}\n`], { type: 'text/csv;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `lifetime-codes${note ? `-${note.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40)}` : ''}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

function GenerateForm() {
  const qc = useQueryClient();
  const unauthorized = useAdminUnauthorized();
  const [count, setCount] = useState<number | string>(10);
  const [note, setNote] = useState('');
  const [batch, setBatch] = useState<{ codes: string[]; note: string } | null>(null);
  const generate = useMutation({
    mutationFn: (body: { count: number; note: string }) => api.post<Out<typeof GenerateCodesResponse>>('/api/admin/codes', body),
    onSuccess: (r, body) => {
      setBatch({ codes: r.codes, note: body.note });
      void qc.invalidateQueries({ queryKey: ['admin', 'codes'] });
    },
    onError: (e) => unauthorized(e),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBatch(null);
    generate.mutate({ count: Number(count), note: note.trim() });
  };
  const text = batch?.codes.join('\n') ?? '';
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-label="Generate codes">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Generate codes
        </Title>
        <Text size="sm" c="dimmed">
          Each code is one lifetime plan for one workspace; up to three stack. The list is shown only now: copy or download it before leaving the page.
        </Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput label="How many" value={count} onChange={setCount} min={1} max={CODE_LIMITS.batchMax} allowDecimal={false} w={140} />
          <TextInput label="Note (whom they are for)" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={CODE_LIMITS.noteMax} w={280} placeholder="AppSumo launch" />
        </Group>
        {generate.isError && (
          <Alert color="red" variant="light" role="alert">
            {messageOf(generate.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={generate.isPending}>
            Generate
          </Button>
        </Group>
        {batch && (
          <Stack gap="xs" data-testid="new-codes">
            <Alert color="teal" variant="light" role="status" title={`${batch.codes.length} new ${batch.codes.length === 1 ? 'code' : 'codes'}`}>
              Copy or download them now: they will not be shown again.
            </Alert>
            <Textarea value={text} readOnly autosize minRows={3} maxRows={12} aria-label="New codes" styles={{ input: { fontFamily: 'monospace' } }} />
            <Group gap="xs">
              <CopyButton value={text}>
                {({ copied, copy }) => (
                  <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy} color={copied ? 'teal' : undefined}>
                    {copied ? 'Copied' : 'Copy all'}
                  </Button>
                )}
              </CopyButton>
              <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => download(batch.codes, batch.note)}>
                Download CSV
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

export function AdminCodesPage() {
  useDocumentTitle('Lifetime codes · Sheetboard admin');
  const headingId = useId();
  const qc = useQueryClient();
  const unauthorized = useAdminUnauthorized();
  const [status, setStatus] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const codes = useQuery({
    queryKey: codesKey(status, page),
    queryFn: () => api.get<Out<typeof AdminCodesResponse>>('/api/admin/codes', { query: { status, page } }),
    placeholderData: keepPreviousData,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api.post<Out<typeof RevokeCodeResponse>>(`/api/admin/codes/${encodeURIComponent(id)}/revoke`),
    onSuccess: (r) => {
      toast.success('Code revoked', `…${r.code.hint} can no longer be used.`);
      void qc.invalidateQueries({ queryKey: ['admin', 'codes'] });
    },
    onError: (e) => {
      if (!unauthorized(e)) toast.error('Revoke failed', messageOf(e));
    },
  });
  // The code whose revocation waits for a confirmation.
  const [confirming, setConfirming] = useState<AdminCode | null>(null);
  const confirmRevoke = (c: AdminCode) => setConfirming(c);

  const data = codes.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  return (
    <AdminLayout>
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
      <Stack gap="md">
        <div>
          <Title order={2} id={headingId}>
            Lifetime codes
          </Title>
          <Text size="sm" c="dimmed">
            Codes for lifetime deals. Owners redeem them at /dashboard/redeemappsumocodes.
          </Text>
        </div>
        <GenerateForm />
        <Group justify="space-between" wrap="wrap">
          <SegmentedControl
            value={status}
            onChange={(v) => {
              setStatus(v as Filter);
              setPage(1);
            }}
            data={[
              { value: 'all', label: 'All' },
              { value: 'unused', label: `Unused${data ? ` (${data.counts.unused})` : ''}` },
              { value: 'redeemed', label: `Redeemed${data ? ` (${data.counts.redeemed})` : ''}` },
              { value: 'revoked', label: `Revoked${data ? ` (${data.counts.revoked})` : ''}` },
            ]}
          />
        </Group>
        {codes.isPending ? (
          <Loading />
        ) : codes.isError ? (
          <AdminLoadError error={codes.error} title="The codes could not be loaded" />
        ) : data && data.codes.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No codes here yet.
          </Text>
        ) : (
          data && (
            <>
              <Table.ScrollContainer minWidth={760}>
                <Table aria-labelledby={headingId} striped verticalSpacing="xs" bg="white">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Code</Table.Th>
                      <Table.Th>Note</Table.Th>
                      <Table.Th>Created</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Redeemed by</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.codes.map((c) => (
                      <Table.Tr key={c.id} data-testid="code-row" data-status={c.status}>
                        <Table.Td style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>SB-…-{c.hint}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.note}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(c.created_at)}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={STATUS_COLORS[c.status]}>
                            {STATUS_LABELS[c.status]}
                          </Badge>
                        </Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>
                          {c.redeemed_email ? (
                            <>
                              {c.redeemed_email}
                              {c.workspace_name && (
                                <Text size="xs" c="dimmed">
                                  {c.workspace_name} · {formatInstant(c.redeemed_at)}
                                </Text>
                              )}
                            </>
                          ) : (
                            '—'
                          )}
                        </Table.Td>
                        <Table.Td>
                          {c.status !== 'revoked' && (
                            <Button size="compact-sm" variant="subtle" color="red" onClick={() => confirmRevoke(c)} loading={revoke.isPending && revoke.variables === c.id}>
                              Revoke
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
            </>
          )
        )}
      </Stack>
    </AdminLayout>
  );
}
