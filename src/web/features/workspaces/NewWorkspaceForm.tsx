// A new, empty workspace of the owner's, with its own boards, spreadsheets, editors and plan; it
// becomes the current one and the owner lands on its first step (/dashboard/start).
import { List, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { WORKSPACE_MESSAGES, WORKSPACE_NAME_MAX } from '../../../shared/api/workspaces';
import { FormActions } from '../../components/FormActions';
import { PageHeading } from '../../components/PageHeading';
import { fieldMessage, useFormFields } from '../../components/use-form-fields';
import { toast } from '../../lib/toast';
import { useCreateWorkspace } from './api';

export function NewWorkspaceForm() {
  const navigate = useNavigate();
  const create = useCreateWorkspace();
  const form = useFormFields({ name: '' });
  const { name } = form.values;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return form.setErrors({ name: WORKSPACE_MESSAGES.nameRequired });
    create.mutate(name, {
      onSuccess: ({ workspace }) => {
        toast.success('Workspace created', `You are now in ${workspace.name}.`);
        navigate('/dashboard/start');
      },
      onError: (err) => form.setErrors({ name: fieldMessage(err, 'name') }),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New workspace">
      <Stack gap="md">
        <PageHeading title="New workspace" description="A separate place for another client, team or project. It has its own:">
          <List size="sm" c="dimmed" mt={4}>
            <List.Item>boards and multipage apps</List.Item>
            <List.Item>spreadsheets and uploaded files</List.Item>
            <List.Item>editors and plan</List.Item>
          </List>
        </PageHeading>
        <TextInput label="Workspace name" placeholder="e.g. Acme Inc. reporting" {...form.field('name')} maxLength={WORKSPACE_NAME_MAX} data-autofocus required />
        <Text size="xs" c="dimmed">
          It starts empty: next you choose a template, a spreadsheet or a blank board. Switch between workspaces with the menu at the top left.
        </Text>
        <FormActions onCancel={() => navigate('/dashboard')} submit="Create workspace" loading={create.isPending} />
      </Stack>
    </form>
  );
}
