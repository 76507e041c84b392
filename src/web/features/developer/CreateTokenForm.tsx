// A new personal API token: its name and what it may do (checked with the server's own schema,
// so the messages are the same), then the secret, shown once.
import { Button, Card, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CreateApiTokenBody, SCOPE_LABELS, TOKEN_SCOPES, TOKENS_NEVER, type CreateApiTokenResponse, type TokenScope } from '../../../shared/api/developer';
import { DismissableError } from '../../components/Notice';
import { useFormFields } from '../../components/use-form-fields';
import { api, type Out } from '../../lib/api';
import { NewTokenAlert } from './NewTokenAlert';
import { TOKENS_KEY, TOKENS_PATH } from './developer-api';

/** `revokedIds`: tokens revoked on this page; the new token's secret and example go when it is one of them. */
export function CreateTokenForm({ revokedIds = [] }: { revokedIds?: readonly string[] }) {
  const qc = useQueryClient();
  const form = useFormFields<{ name: string; scope: TokenScope }>({ name: '', scope: 'read' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<Out<typeof CreateApiTokenResponse> | null>(null);

  const create = useMutation({
    mutationFn: (body: { name: string; scope: TokenScope }) => api.post<Out<typeof CreateApiTokenResponse>>(TOKENS_PATH, body),
    onSuccess: (res) => {
      setCreated(res);
      form.set('name', '');
      void qc.invalidateQueries({ queryKey: TOKENS_KEY });
    },
    onError: (e) => setServerError((e as Error).message),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    setCreated(null);
    const body = form.check(CreateApiTokenBody.safeParse(form.values));
    if (body) create.mutate(body);
  };

  return (
    <Card withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate aria-label="Create API token">
        <Stack gap="sm">
          <Title order={4}>Create a token</Title>
          <TextInput label="Token name" description="What the token is for, so you recognise it later" placeholder="Nightly export" {...form.field('name')} maxLength={100} />
          <Radio.Group label="What it may do" value={form.values.scope} onChange={(v) => form.set('scope', v)} error={form.errors.scope}>
            <Stack gap="xs" mt={6}>
              {TOKEN_SCOPES.map((s) => (
                <Radio key={s} value={s} label={SCOPE_LABELS[s].label} description={SCOPE_LABELS[s].allows} />
              ))}
            </Stack>
          </Radio.Group>
          <Text size="xs" c="dimmed">
            {TOKENS_NEVER}
          </Text>
          <Group>
            <Button type="submit" leftSection={<IconKey size={16} />} loading={create.isPending}>
              Create token
            </Button>
          </Group>
          <DismissableError message={serverError} onDismiss={() => setServerError(null)} />
          {created && !revokedIds.includes(created.token.id) && <NewTokenAlert created={created} onClose={() => setCreated(null)} />}
        </Stack>
      </form>
    </Card>
  );
}
