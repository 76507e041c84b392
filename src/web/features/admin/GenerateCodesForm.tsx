// /admin/codes' batch form. A batch is shown once: the server keeps only a hash of each code, so
// the list is to be copied or downloaded before leaving the page.
import { Alert, Button, CopyButton, Group, NumberInput, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CODE_LIMITS } from '../../../shared/rules/plans';
import { FormError } from '../../components/FormError';
import { messageOf } from '../../lib/api';
import { adminApi, adminKeys } from './admin-api';
import { useAdminUnauthorized } from './AdminLoadError';

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

export function GenerateCodesForm() {
  const qc = useQueryClient();
  const unauthorized = useAdminUnauthorized();
  const [count, setCount] = useState<number | string>(10);
  const [note, setNote] = useState('');
  const [batch, setBatch] = useState<{ codes: string[]; note: string } | null>(null);
  const generate = useMutation({
    mutationFn: adminApi.generateCodes,
    onSuccess: (r, body) => {
      setBatch({ codes: r.codes, note: body.note });
      void qc.invalidateQueries({ queryKey: adminKeys.codesAll });
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
        <FormError>{generate.isError && messageOf(generate.error)}</FormError>
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
