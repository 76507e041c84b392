// The owner's password, changed with the current one; the other sessions end when it changes.
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { ChangePasswordBody } from '../../../shared/api/account';
import { firstIssues, useFormFields } from '../../components/use-form-fields';
import { api, issuesByPath } from '../../lib/api';
import { toast } from '../../lib/toast';
import { AccountSection } from './AccountSection';
import { repeatMessage } from './new-password';
import { sessionsKey } from './SessionsCard';

export function PasswordCard() {
  const qc = useQueryClient();
  const form = useFormFields({ currentPassword: '', newPassword: '', repeat: '' });
  const { values } = form;
  const change = useMutation({
    mutationFn: () => api.put<{ message: string }>('/api/account/password', { currentPassword: values.currentPassword, newPassword: values.newPassword }),
    onSuccess: (res) => {
      form.reset();
      toast.success('Password changed', res.message);
      void qc.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      if (Object.keys(byPath).length) form.setErrors(byPath);
      else form.setErrors({ currentPassword: (e as Error).message });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ChangePasswordBody.safeParse(values);
    const next = parsed.success ? {} : firstIssues(parsed.error.issues);
    const repeat = repeatMessage(values.newPassword, values.repeat, next.newPassword);
    if (repeat) next.repeat = repeat;
    form.setErrors(next);
    if (Object.keys(next).length === 0) change.mutate();
  };
  const field = (key: keyof typeof values, label: string, autoComplete: string) => <PasswordInput label={label} autoComplete={autoComplete} {...form.field(key)} maxLength={200} />;
  return (
    <AccountSection title="Password" icon={<IconKey size={20} />} label="password">
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="sm">
          {field('currentPassword', 'Current password', 'current-password')}
          <Group align="flex-start" gap="sm" wrap="wrap" grow>
            {field('newPassword', 'New password', 'new-password')}
            {field('repeat', 'Repeat the new password', 'new-password')}
          </Group>
          <Text size="xs" c="dimmed">
            At least 8 characters, not a common one. Your other sessions, API tokens and unaccepted editor invitations end when it changes.
          </Text>
          <Group>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountSection>
  );
}
