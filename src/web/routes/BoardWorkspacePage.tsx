// /boardWorkspace (shell §2.1: "workspace of boards"; issue 18): every board and app of the current
// workspace, searched by name and sorted by last edited or by name. Signed in only (RequireAuth).
import { Button, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BoardSort } from '../../shared/api/workspaces';
import { Loading } from '../components/Loading';
import { PageHeading } from '../components/PageHeading';
import { DashboardFrame } from '../features/dashboard/DashboardFrame';
import { useBoardWorkspace } from '../features/workspaces/api';
import { BoardGrid } from '../features/workspaces/BoardGrid';
import { BoardSearch } from '../features/workspaces/BoardSearch';

export function BoardWorkspacePage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [sort, setSort] = useState<BoardSort>('updated');
  const boards = useBoardWorkspace(q, sort);
  return (
    <DashboardFrame title="Boards · Sheetboard" size="lg" gap="lg">
      <PageHeading
        title="Boards"
        description={boards.data ? `Every board and app of ${boards.data.workspace.name}.` : 'Every board and app of this workspace.'}
        action={
          <Button component={Link} to="/dashboard/start" leftSection={<IconPlus size={16} />} variant="light">
            New board
          </Button>
        }
      />
      <BoardSearch search={search} onSearch={setSearch} sort={sort} onSort={setSort} />
      {boards.isPending && <Loading />}
      {boards.isError && <Text c="red">{boards.error.message}</Text>}
      <BoardGrid boards={boards.data?.boards} search={q} />
    </DashboardFrame>
  );
}
