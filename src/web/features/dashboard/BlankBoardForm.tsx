// A board with no blocks and no spreadsheet yet, by its name alone; its editor opens next.
import { Button, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { AppResponse } from '../../../shared/api';
import { fieldMessage, useFormFields } from '../../components/use-form-fields';
import { api, type Out } from '../../lib/api';
import { keys } from '../../lib/queries';
import { toast } from '../../lib/toast';

export function BlankBoardForm() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const form = useFormFields({ name: '' });
  const name = form.values.name.trim();
  const create = useMutation({
    mutationFn: () => api.post<Out<typeof AppResponse>>('/api/apps', { name, kind: 'board' }),
    onSuccess: ({ app }) => {
      qc.invalidateQueries({ queryKey: keys.apps });
      toast.success('Board created', `${app.name} is ready for its first block.`);
      navigate(`/${app.subdomain}`);
    },
    onError: (e) => form.setErrors({ name: fieldMessage(e, 'name') }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name) return form.setErrors({ name: 'Please give the board a name.' });
    create.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Blank board">
      <Stack gap="xs">
        <TextInput label="Board name" placeholder="e.g. Weekly sales" {...form.field('name')} maxLength={200} />
        <Button type="submit" variant="light" color="indigo" loading={create.isPending} fullWidth>
          Create blank board
        </Button>
      </Stack>
    </form>
  );
}
