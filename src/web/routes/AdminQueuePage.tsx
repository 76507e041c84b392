// /admin (shell §2.1): the review queue of marketplace submissions, pending first and oldest
// first; the tabs filter by status (?status=pending|published|rejected|all, pending by default),
// 20 requests a page (?page=).
import { Group, Pagination, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Loading } from '../components/Loading';
import { adminApi, adminKeys, type QueueFilter } from '../features/admin/admin-api';
import { AdminLayout } from '../features/admin/AdminLayout';
import { AdminLoadError } from '../features/admin/AdminLoadError';
import { PAGE_CONTROLS, QUEUE_FILTERS } from '../features/admin/format';
import { RequestCard } from '../features/admin/RequestCard';

const EMPTY: Record<QueueFilter, string> = {
  pending: 'Nothing is waiting for review.',
  published: 'No published templates yet.',
  rejected: 'No rejected templates.',
  all: 'No templates have been submitted yet.',
};

const asFilter = (v: string | null): QueueFilter => QUEUE_FILTERS.find((f) => f.value === v)?.value ?? 'pending';

export function AdminQueuePage() {
  useDocumentTitle('Review queue · Sheetboard admin');
  const [params, setParams] = useSearchParams();
  const status = asFilter(params.get('status'));
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const queue = useQuery({ queryKey: adminKeys.queue(status, page), queryFn: () => adminApi.queue(status, page) });
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.total / queue.data.page_size)) : 1;
  const goToPage = (p: number) => setParams({ ...(status === 'pending' ? {} : { status }), ...(p > 1 ? { page: String(p) } : {}) });

  return (
    <AdminLayout>
      <Stack gap="md">
        <div>
          <Title order={2}>Review queue</Title>
          <Text size="sm" c="dimmed">
            Templates owners submitted to the marketplace. Open the live preview, then approve or reject with a reason.
          </Text>
        </div>
        <Tabs value={status} onChange={(v) => setParams(v === 'pending' ? {} : { status: asFilter(v) }, { replace: true })} keepMounted={false}>
          <Tabs.List aria-label="Show templates">
            {QUEUE_FILTERS.map((f) => (
              <Tabs.Tab key={f.value} value={f.value}>
                {f.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {queue.isPending ? (
          <Loading />
        ) : queue.isError ? (
          <AdminLoadError error={queue.error} title="The queue could not be loaded" />
        ) : queue.data.requests.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {EMPTY[status]}
          </Text>
        ) : (
          <>
            {queue.data.requests.map((r) => (
              <RequestCard key={r.id} request={r} />
            ))}
            {pages > 1 && (
              <Group justify="center">
                <Pagination total={pages} value={Math.min(page, pages)} onChange={goToPage} getControlProps={(c) => ({ 'aria-label': PAGE_CONTROLS[c] })} />
              </Group>
            )}
          </>
        )}
      </Stack>
    </AdminLayout>
  );
}
