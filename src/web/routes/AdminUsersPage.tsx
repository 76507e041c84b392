// /dashboard/users (shell §2.1, §2.2, behind admin-auth): the provider's list of the product's
// owners with their plan, number of apps and sign-up date; search by name or e-mail, 50 a page.
import { Badge, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Loading } from '../components/Loading';
import { adminApi, adminKeys } from '../features/admin/admin-api';
import { AdminLayout } from '../features/admin/AdminLayout';
import { AdminLoadError } from '../features/admin/AdminLoadError';
import { formatInstant, PAGE_CONTROLS } from '../features/admin/format';

const SEARCH_MAX = 200;

export function AdminUsersPage() {
  useDocumentTitle('Users · Sheetboard admin');
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const users = useQuery({
    queryKey: adminKeys.users(debounced, page),
    queryFn: () => adminApi.users(debounced, page),
    placeholderData: keepPreviousData,
  });

  const goToPage = (p: number) => setParams({ ...(debounced ? { search: debounced } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  // A new search starts at page 1 (and stays in the address, so a reload keeps it).
  const inAddress = params.get('search') ?? '';
  useEffect(() => {
    if (debounced !== inAddress) setParams(debounced ? { search: debounced } : {}, { replace: true });
  }, [debounced, inAddress, setParams]);

  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  return (
    <AdminLayout>
      <Stack gap="md">
        <div>
          <Title order={2} id={headingId}>
            Users
          </Title>
          <Text size="sm" c="dimmed">
            Everyone who signed up for Sheetboard, newest first.
          </Text>
        </div>
        <TextInput
          label="Search"
          placeholder="Name or e-mail"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={SEARCH_MAX}
          maw={420}
        />
        {users.isPending ? (
          <Loading />
        ) : users.isError ? (
          <AdminLoadError error={users.error} title="The users could not be loaded" />
        ) : data && data.users.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {debounced ? 'No user matches this search.' : 'Nobody has signed up yet.'}
          </Text>
        ) : (
          data && (
            <>
              <Text size="sm" c="dimmed" aria-live="polite">
                {data.total === 1 ? '1 user' : `${data.total} users`}
              </Text>
              <Table.ScrollContainer minWidth={720}>
                <Table aria-labelledby={headingId} striped verticalSpacing="xs" bg="white">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Email</Table.Th>
                      <Table.Th>Plan</Table.Th>
                      <Table.Th>Apps</Table.Th>
                      <Table.Th>Signed up</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.users.map((u) => (
                      <Table.Tr key={u.id} data-testid="admin-user-row">
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.name}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.email}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={u.is_free_plan ? 'gray' : 'teal'}>
                            {u.is_free_plan ? 'Free' : 'Pro'}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{u.apps}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(u.created_at)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {pages > 1 && (
                <Group justify="center">
                  <Pagination total={pages} value={Math.min(page, pages)} onChange={goToPage} getControlProps={(c) => ({ 'aria-label': PAGE_CONTROLS[c] })} />
                </Group>
              )}
            </>
          )
        )}
      </Stack>
    </AdminLayout>
  );
}
