// /admin_old: the shell names this page without saying what it holds. Here it is the history of
// every decision reviewers ever took (GET /api/admin/decisions), newest first: the old reviews.
import { useId } from 'react';
import { ListBody } from '../components/ListBody';
import { useDecisions } from '../features/admin/admin-api';
import { AdminPage } from '../features/admin/AdminLayout';
import { AdminLoadError } from '../features/admin/AdminLoadError';
import { DecisionsTable } from '../features/admin/DecisionsTable';

export function AdminDecisionsPage() {
  const headingId = useId();
  const decisions = useDecisions();
  return (
    <AdminPage title="Decisions" intro="Every approval and rejection, newest first." labelId={headingId}>
      <ListBody
        query={decisions}
        failed={(e) => <AdminLoadError error={e} title="The decisions could not be loaded" />}
        isEmpty={(d) => d.decisions.length === 0}
        empty="No decisions yet."
      >
        {(d) => <DecisionsTable decisions={d.decisions} labelledBy={headingId} />}
      </ListBody>
    </AdminPage>
  );
}
