// /dashboard/start (shell §2.1; issue 18): the first step of a new owner (sign-up lands here) and of
// a new workspace: start from a template (the marketplace), from a spreadsheet (the import flow,
// then a new board over it) or from a blank board. It can be skipped, and is found again from the
// workspace menu and the dashboard's "Getting started" link.
import { Anchor, Button, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconLayoutDashboard, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { BlankBoardForm } from '../features/dashboard/BlankBoardForm';
import { DashboardFrame } from '../features/dashboard/DashboardFrame';
import { ImportSpreadsheet } from '../features/dashboard/ImportSpreadsheet';
import { NewBoardModal } from '../features/dashboard/NewBoardModal';
import { StartChoice } from '../features/dashboard/StartChoice';
import { useWorkspaces } from '../features/workspaces/api';
import { useMe } from '../lib/queries';

export function StartPage() {
  const me = useMe();
  const current = useWorkspaces().data?.find((w) => w.current);
  const [boardFor, setBoardFor] = useState<string | null>(null);
  const first = me.data?.name?.split(' ')[0];
  return (
    <DashboardFrame title="Get started · Sheetboard" size="lg" py="xl" gap="xl">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{first ? `Welcome, ${first}!` : 'Welcome!'}</Title>
          <Text c="dimmed" mt={4}>
            How would you like to start your first board{current ? ` in ${current.name}` : ''}?
          </Text>
        </div>
        <Anchor component={Link} to="/dashboard" data-testid="skip-start">
          Skip for now
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <StartChoice icon={<IconTemplate size={26} />} color="grape" title="Start from a template" text="Pick a ready-made board or app from the marketplace, then fill it with your own data.">
          <Button component={Link} to="/templates" variant="light" color="grape" fullWidth>
            Browse templates
          </Button>
        </StartChoice>
        <StartChoice icon={<IconFileSpreadsheet size={26} />} color="teal" title="Start from a spreadsheet" text="Import a CSV or Excel file. We check it with you, then make a board over it.">
          <ImportSpreadsheet onImported={(s) => setBoardFor(s.id)} />
        </StartChoice>
        <StartChoice icon={<IconLayoutDashboard size={26} />} color="indigo" title="Start from a blank board" text="An empty board to fill with blocks; connect a spreadsheet whenever you are ready.">
          <BlankBoardForm />
        </StartChoice>
      </SimpleGrid>
      <NewBoardModal opened={boardFor !== null} initialSpreadsheetId={boardFor} onClose={() => setBoardFor(null)} />
    </DashboardFrame>
  );
}
