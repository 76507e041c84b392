// The workspace editors section of /dashboard/account (issue 5; since issue 18 a section of the
// account page): the owner invites people by e-mail to edit every app of the workspace, sees who
// is invited or active, and removes them. The API and its messages are in
// shared/api/workspace.ts; the pure steps in editors.ts.
import { Stack } from '@mantine/core';
import { PageHeading } from '../../components/PageHeading';
import { EditorsTable } from './EditorsTable';
import { InviteEditorForm } from './InviteEditorForm';

export function WorkspaceEditorsSection() {
  return (
    <Stack gap="lg">
      <PageHeading title="Workspace editors" description="Editors can open and change every app of your workspace, including private ones. They cannot delete apps or manage editors." />
      <InviteEditorForm />
      <EditorsTable />
    </Stack>
  );
}
