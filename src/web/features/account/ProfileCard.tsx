// The owner's name (shown in the dashboard and on templates they sell).
import { Button, Group, TextInput } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { UpdateAccountBody, type AccountResponse } from '../../../shared/api/account';
import { fieldMessage, useFormFields } from '../../components/use-form-fields';
import { api, type Out } from '../../lib/api';
import { keys } from '../../lib/queries';
import { toast } from '../../lib/toast';
import { accountKey, type AccountData } from './account-queries';
import { AccountSection } from './AccountSection';

export function ProfileCard({ account }: { account: AccountData }) {
  const qc = useQueryClient();
  const form = useFormFields({ name: account.name });
  const save = useMutation({
    mutationFn: (value: string) => api.put<Out<typeof AccountResponse>>('/api/account', { name: value }),
    onSuccess: (res) => {
      qc.setQueryData(accountKey, res.account);
      void qc.invalidateQueries({ queryKey: keys.me });
      toast.success('Name saved', `Your name is now ${res.account.name}.`);
    },
    onError: (e) => form.setErrors({ name: fieldMessage(e, 'name') }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(UpdateAccountBody.safeParse(form.values));
    if (body) save.mutate(body.name);
  };
  return (
    <AccountSection title="Name" icon={<IconUser size={20} />} label="name">
      <form onSubmit={submit} noValidate aria-label="Name">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput label="Your name" description="Shown in the dashboard and on templates you sell." {...form.field('name')} maxLength={200} style={{ flex: 1, minWidth: 240 }} />
          <Button type="submit" mt={46} loading={save.isPending} disabled={form.values.name.trim() === account.name}>
            Save name
          </Button>
        </Group>
      </form>
    </AccountSection>
  );
}
