// The owner's e-mail address: verified or not (with a resend), a change waiting for its link, and
// the form that asks for a new address (confirmed by the current password, then by the link).
import { Alert, Badge, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ChangeEmailBody } from '../../../shared/api/account';
import { Notice } from '../../components/Notice';
import { useFormFields } from '../../components/use-form-fields';
import { api, issuesByPath } from '../../lib/api';
import { accountKey, useResendVerification, type AccountData } from './account-queries';
import { AccountSection } from './AccountSection';

export function EmailCard({ account }: { account: AccountData }) {
  const qc = useQueryClient();
  const resend = useResendVerification();
  const form = useFormFields({ email: '', password: '' });
  const [sent, setSent] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (body: typeof form.values) => api.post<{ message: string }>('/api/account/email', body),
    onSuccess: (res) => {
      setSent(res.message);
      form.reset();
      void qc.invalidateQueries({ queryKey: accountKey });
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      if ((e as { status?: number }).status === 409) form.setErrors({ email: (e as Error).message });
      else if (Object.keys(byPath).length) form.setErrors(byPath);
      else form.setErrors({ email: (e as Error).message });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(null);
    const body = form.check(ChangeEmailBody.safeParse(form.values));
    if (body) change.mutate(body);
  };
  return (
    <AccountSection title="E-mail address" icon={<IconMail size={20} />} label="email">
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={500} data-testid="account-email">
            {account.email}
          </Text>
          {account.email_verified ? (
            <Badge color="teal" variant="light">
              Verified
            </Badge>
          ) : (
            <Badge color="yellow" variant="light">
              Not verified
            </Badge>
          )}
        </Group>
        {!account.email_verified && (
          <Alert color="yellow" variant="light">
            <Text size="sm">Publishing apps and templates waits until you follow the link we sent to this address.</Text>
            <Button size="xs" mt="xs" variant="light" color="yellow" onClick={() => resend.mutate()} loading={resend.isPending}>
              Resend link
            </Button>
          </Alert>
        )}
        {account.pending_email && !sent && (
          <Alert color="blue" variant="light" role="status">
            Waiting for you to follow the link sent to {account.pending_email}. Until then your account keeps {account.email}.
          </Alert>
        )}
        {sent && (
          <Notice tone="done" onClose={() => setSent(null)}>
            {sent}
          </Notice>
        )}
        <form onSubmit={submit} noValidate aria-label="Change e-mail address">
          <Stack gap="sm">
            <Group align="flex-start" gap="sm" wrap="wrap" grow>
              <TextInput label="New e-mail address" type="email" autoComplete="email" {...form.field('email')} maxLength={320} />
              <PasswordInput label="Current password" autoComplete="current-password" {...form.field('password')} />
            </Group>
            <Group>
              <Button type="submit" variant="light" loading={change.isPending}>
                Send confirmation link
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </AccountSection>
  );
}
