// /dashboard/new-multipage (shell §2.1): name, address, spreadsheet → the new app's editor.
import { Card, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeading } from '../components/PageHeading';
import { DashboardFrame } from '../features/dashboard/DashboardFrame';
import { NewAppForm } from '../features/dashboard/NewAppForm';

export function NewMultipagePage() {
  const navigate = useNavigate();
  return (
    <DashboardFrame title="New multipage app · Sheetboard" size="xs" py="xl">
      <Card withBorder radius="md" p="lg">
        <Stack gap="md">
          <PageHeading title="New multipage app" description="A website-like app of several pages fed by one spreadsheet. It starts with a home page holding a header and a footer." />
          <NewAppForm kind="multipage" onCancel={() => navigate('/dashboard')} />
        </Stack>
      </Card>
    </DashboardFrame>
  );
}
