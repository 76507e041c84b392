// /dashboard/users' table: the product's owners with their plan, apps and sign-up date.
import { Badge } from '@mantine/core';
import { CountLine } from '../../components/ListBody';
import { RecordTable, NOWRAP, WRAP, type RecordColumn } from '../../components/RecordTable';
import type { AdminUsersPage } from './admin-api';
import { formatInstant } from './format';

type AdminUser = AdminUsersPage['users'][number];

const COLUMNS: RecordColumn<AdminUser>[] = [
  { header: 'Name', cell: (u) => u.name, style: WRAP },
  { header: 'Email', cell: (u) => u.email, style: WRAP },
  {
    header: 'Plan',
    cell: (u) => (
      <Badge variant="light" color={u.is_free_plan ? 'gray' : 'teal'}>
        {u.is_free_plan ? 'Free' : 'Pro'}
      </Badge>
    ),
  },
  { header: 'Apps', cell: (u) => u.apps },
  { header: 'Signed up', cell: (u) => formatInstant(u.created_at), style: NOWRAP },
];

export function UsersTable({ page, labelledBy }: { page: AdminUsersPage; labelledBy: string }) {
  return (
    <>
      <CountLine total={page.total} one="user" many="users" />
      <RecordTable rows={page.users} columns={COLUMNS} minWidth={720} labelledBy={labelledBy} rowTestId="admin-user-row" />
    </>
  );
}
