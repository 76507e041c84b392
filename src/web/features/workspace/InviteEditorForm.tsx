// Invite someone by e-mail to edit every app of the workspace: checked before sending, then the
// server's answer (sent, or the link to pass on when the e-mail could not be sent).
import { Alert, Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AddWorkspaceEditorResponse, WorkspaceEditor } from '../../../shared/api/workspace';
import { InvitationLinkAlert } from '../../components/InvitationLink';
import { DismissableError } from '../../components/Notice';
import { useFormFields } from '../../components/use-form-fields';
import { api, type Out } from '../../lib/api';
import { keys } from '../../lib/queries';
import { checkEditorEmail, EDITORS_PATH, inviteResult, withEditor, type InviteResult } from './editors';

export function InviteEditorForm() {
  const qc = useQueryClient();
  const form = useFormFields({ email: '' });
  const [serverError, setServerError] = useState<string | null>(null);
  const [result, setResult] = useState<InviteResult | null>(null);

  const invite = useMutation({
    mutationFn: (address: string) => api.post<Out<typeof AddWorkspaceEditorResponse>>(EDITORS_PATH, { email: address }),
    onSuccess: (res) => {
      qc.setQueryData<WorkspaceEditor[]>(keys.workspaceEditors, (old) => withEditor(old ?? [], res.editor));
      void qc.invalidateQueries({ queryKey: keys.workspaceEditors });
      form.reset();
      setResult(inviteResult(res.editor.email, res.invitation_sent, res.invitation_link));
    },
    onError: (e) => setServerError((e as Error).message),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    setResult(null);
    const checked = checkEditorEmail(form.values.email);
    form.setErrors(checked.ok ? {} : { email: checked.message });
    if (checked.ok) invite.mutate(checked.email);
  };

  return (
    <Card withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate aria-label="Invite editor">
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput label="Email" type="email" name="email" autoComplete="off" placeholder="name@example.com" {...form.field('email')} maxLength={320} style={{ flex: 1, minWidth: 240 }} />
            <Button type="submit" mt={25} leftSection={<IconUserPlus size={16} />} loading={invite.isPending}>
              Invite editor
            </Button>
          </Group>
          <DismissableError message={serverError} onDismiss={() => setServerError(null)} />
          {result?.link && <InvitationLinkAlert text={result.text} link={result.link} onClose={() => setResult(null)} />}
          {result && !result.link && (
            <Alert color={result.color} variant="light" role="status" withCloseButton onClose={() => setResult(null)}>
              {result.text}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
