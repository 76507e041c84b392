// Deleting the account with its workspace and everything in it, confirmed in a dialog by the
// account's current password (a browser left signed in is not enough); then the sign-in page.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/FormActions';
import { fieldMessage, useFormFields } from '../../components/use-form-fields';
import { api } from '../../lib/api';
import { keys } from '../../lib/queries';
import { toast } from '../../lib/toast';
import type { AccountData } from './account-queries';
import { AccountSection } from './AccountSection';

export function DeleteAccountCard({ account }: { account: AccountData }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const form = useFormFields({ password: '' });
  const { password } = form.values;
  const remove = useMutation({
    mutationFn: () => api.delete('/api/account', { body: { password } }),
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(keys.me, null);
      navigate('/dashboard/auth', { replace: true });
      toast.success('Account deleted', 'Your account, your workspace and everything in it are gone.');
    },
    onError: (e) => form.setErrors({ password: fieldMessage(e, 'password') }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) return form.setErrors({ password: 'Enter your current password' });
    form.setErrors({});
    remove.mutate();
  };
  return (
    <AccountSection title="Delete account" icon={<IconTrash size={20} color="var(--mantine-color-red-7)" />} label="delete" danger>
      <Stack gap="sm">
        <Text size="sm">
          Deletes your account and your workspace with everything in it: spreadsheets, boards and apps (they stop working for everyone), app users, uploaded files and templates you submitted. This cannot be undone.
        </Text>
        <Group>
          <Button color="red" variant="light" onClick={() => setOpen(true)}>
            Delete account…
          </Button>
        </Group>
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title="Delete your account?" centered>
        <form aria-label="Delete account" noValidate onSubmit={submit}>
          <Stack gap="sm">
            <Text size="sm">
              To confirm, type the current password of <b>{account.email}</b>. Forgot it? Sign out and choose a new one with “Forgot password?” first.
            </Text>
            <TextInput label="Current password" type="password" autoComplete="current-password" {...form.field('password')} data-autofocus />
            <FormActions onCancel={() => setOpen(false)} submit="Delete my account" color="red" loading={remove.isPending} />
          </Stack>
        </form>
      </Modal>
    </AccountSection>
  );
}
