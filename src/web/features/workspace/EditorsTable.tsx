// The workspace's editors (invited or active, oldest first), each with Remove after a question.
import { Badge, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { WorkspaceEditor, WorkspaceEditorsResponse } from '../../../shared/api/workspace';
import { confirmDanger } from '../../components/confirm-danger';
import { ListCard } from '../../components/ListCard';
import { ListTable } from '../../components/ListTable';
import { RemoveButton } from '../../components/RemoveButton';
import { api, type Out } from '../../lib/api';
import { keys } from '../../lib/queries';
import { toast } from '../../lib/toast';
import { addedDate, EDITORS_PATH, removeQuestion, sortEditors, STATUS_LABELS, withoutEditor } from './editors';

export function EditorsTable() {
  const qc = useQueryClient();
  const headingId = useId();
  const [listError, setListError] = useState<string | null>(null);

  const editors = useQuery({
    queryKey: keys.workspaceEditors,
    queryFn: async () => sortEditors((await api.get<Out<typeof WorkspaceEditorsResponse>>(EDITORS_PATH)).editors),
  });

  const remove = useMutation({
    mutationFn: (editor: WorkspaceEditor) => api.delete(`${EDITORS_PATH}/${encodeURIComponent(editor.id)}`),
    onMutate: () => setListError(null),
    onSuccess: (_r, editor) => {
      qc.setQueryData<WorkspaceEditor[]>(keys.workspaceEditors, (old) => withoutEditor(old ?? [], editor.id));
      toast.success('Editor removed', `${editor.email} can no longer open or change your apps.`);
    },
    onError: (e) => setListError((e as Error).message),
    // A 404 (removed elsewhere) or a success: either way the list is refreshed from the server.
    onSettled: () => qc.invalidateQueries({ queryKey: keys.workspaceEditors }),
  });

  const confirmRemove = (editor: WorkspaceEditor) => confirmDanger({ title: 'Remove editor', question: removeQuestion(editor.email), confirm: 'Remove', onConfirm: () => remove.mutate(editor) });

  return (
    <ListCard
      heading={
        <Title order={4} id={headingId}>
          Editors
        </Title>
      }
      changeError={listError}
      onDismissChangeError={() => setListError(null)}
      loadError={editors.error}
    >
      <ListTable
        aria-labelledby={headingId}
        striped
        verticalSpacing="xs"
        minWidth={600}
        columns={['Email', 'Name', 'Status', 'Added', 'Action']}
        query={editors}
        items={editors.data ?? []}
        loadingText="Loading editors..."
        emptyText="No editors yet."
        row={(e) => (
          <Table.Tr key={e.id} data-testid="editor-row" aria-label={e.email}>
            <Table.Td>{e.email}</Table.Td>
            <Table.Td>
              {e.name ?? (
                <Text span size="sm" c="dimmed">
                  —
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={e.status === 'active' ? 'teal' : 'yellow'}>
                {STATUS_LABELS[e.status]}
              </Badge>
            </Table.Td>
            <Table.Td>{addedDate(e.created_at)}</Table.Td>
            <Table.Td>
              <RemoveButton action="Remove" name={e.email} onClick={() => confirmRemove(e)} loading={remove.isPending && remove.variables?.id === e.id} />
            </Table.Td>
          </Table.Tr>
        )}
      />
    </ListCard>
  );
}
