// /admin (shell §2.1): the review queue of marketplace submissions, pending first and oldest
// first; the tabs filter by status (?status=pending|published|rejected|all, pending by default),
// 20 requests a page (?page=).
import { useSearchParams } from 'react-router';
import { ListBody } from '../components/ListBody';
import { ListPager } from '../components/ListPager';
import { pageParam } from '../components/list-paging';
import { useReviewQueue, type QueueFilter } from '../features/admin/admin-api';
import { AdminPage } from '../features/admin/AdminLayout';
import { AdminLoadError } from '../features/admin/AdminLoadError';
import { QUEUE_EMPTY, queueFilterOf, QueueTabs } from '../features/admin/QueueTabs';
import { RequestCard } from '../features/admin/RequestCard';

export function AdminQueuePage() {
  const [params, setParams] = useSearchParams();
  const status = queueFilterOf(params.get('status'));
  const page = pageParam(params);
  const queue = useReviewQueue(status, page);
  const statusParam = (s: QueueFilter): Record<string, string> => (s === 'pending' ? {} : { status: s });

  return (
    <AdminPage title="Review queue" intro="Templates owners submitted to the marketplace. Open the live preview, then approve or reject with a reason.">
      <QueueTabs value={status} onChange={(s) => setParams(statusParam(s), { replace: true })} />
      <ListBody
        query={queue}
        failed={(e) => <AdminLoadError error={e} title="The queue could not be loaded" />}
        isEmpty={(d) => d.requests.length === 0}
        empty={QUEUE_EMPTY[status]}
      >
        {(d) => (
          <>
            {d.requests.map((r) => (
              <RequestCard key={r.id} request={r} />
            ))}
            <ListPager total={d.total} pageSize={d.page_size} page={page} onChange={(p) => setParams({ ...statusParam(status), ...(p > 1 ? { page: String(p) } : {}) })} />
          </>
        )}
      </ListBody>
    </AdminPage>
  );
}
