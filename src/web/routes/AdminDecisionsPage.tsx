// /admin_old: the shell names this page without saying what it holds. Here it is the history of
// every decision reviewers ever took (GET /api/admin/decisions), newest first: the old reviews.
import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Loading } from '../components/Loading';
import { adminApi, adminKeys } from '../features/admin/admin-api';
import { AdminLayout } from '../features/admin/AdminLayout';
import { AdminLoadError } from '../features/admin/AdminLoadError';
import { DECISION_LABELS, formatInstant } from '../features/admin/format';

export function AdminDecisionsPage() {
  useDocumentTitle('Decisions · Sheetboard admin');
  const headingId = useId();
  const decisions = useQuery({ queryKey: adminKeys.decisions, queryFn: adminApi.decisions });

  return (
    <AdminLayout>
      <Stack gap="md">
        <div>
          <Title order={2} id={headingId}>
            Decisions
          </Title>
          <Text size="sm" c="dimmed">
            Every approval and rejection, newest first.
          </Text>
        </div>
        {decisions.isPending ? (
          <Loading />
        ) : decisions.isError ? (
          <AdminLoadError error={decisions.error} title="The decisions could not be loaded" />
        ) : decisions.data.decisions.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No decisions yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={1000}>
            <Table aria-labelledby={headingId} striped verticalSpacing="xs" bg="white">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Template</Table.Th>
                  <Table.Th>App</Table.Th>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Decision</Table.Th>
                  <Table.Th>Reviewer</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {decisions.data.decisions.map((d) => (
                  <Table.Tr key={d.id} data-testid="decision-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(d.decided_at)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 200 }}>{d.title}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 120 }}>{d.app_name}</Table.Td>
                    <Table.Td>{d.version}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={d.decision === 'approved' ? 'teal' : 'red'}>
                        {DECISION_LABELS[d.decision]}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.reviewer_name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', minWidth: 240, maxWidth: 360 }}>{d.reason ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </AdminLayout>
  );
}
