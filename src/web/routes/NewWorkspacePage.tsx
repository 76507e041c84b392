// /dashboard/new-workspace (shell §2.1; issue 18): a new workspace, then its first step.
import { Card } from '@mantine/core';
import { DashboardFrame } from '../features/dashboard/DashboardFrame';
import { NewWorkspaceForm } from '../features/workspaces/NewWorkspaceForm';

export function NewWorkspacePage() {
  return (
    <DashboardFrame title="New workspace · Sheetboard" size="xs" py="xl">
      <Card withBorder radius="md" p="lg">
        <NewWorkspaceForm />
      </Card>
    </DashboardFrame>
  );
}
