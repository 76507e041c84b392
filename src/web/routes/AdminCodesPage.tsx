// /admin/codes (issue 18, behind admin-auth): lifetime-deal codes. Generate a batch (shown once:
// the server keeps only a hash, so copy or download the list now), see every code by status with
// who redeemed it, and revoke unused or used codes (a used one stops counting for its workspace).
import { useId, useState } from 'react';
import { ListBody } from '../components/ListBody';
import { ListPager } from '../components/ListPager';
import { useLifetimeCodes, type CodeFilter } from '../features/admin/admin-api';
import { AdminPage } from '../features/admin/AdminLayout';
import { AdminLoadError } from '../features/admin/AdminLoadError';
import { CodeStatusFilter, CodesTable } from '../features/admin/CodesTable';
import { GenerateCodesForm } from '../features/admin/GenerateCodesForm';

export function AdminCodesPage() {
  const headingId = useId();
  const [status, setStatus] = useState<CodeFilter>('all');
  const [page, setPage] = useState(1);
  const codes = useLifetimeCodes(status, page);

  return (
    <AdminPage title="Lifetime codes" intro="Codes for lifetime deals. Owners redeem them at /dashboard/redeemappsumocodes." labelId={headingId}>
      <GenerateCodesForm />
      <CodeStatusFilter
        value={status}
        onChange={(s) => {
          setStatus(s);
          setPage(1);
        }}
        counts={codes.data?.counts}
      />
      <ListBody
        query={codes}
        failed={(e) => <AdminLoadError error={e} title="The codes could not be loaded" />}
        isEmpty={(d) => d.codes.length === 0}
        empty="No codes here yet."
      >
        {(d) => (
          <>
            <CodesTable codes={d.codes} labelledBy={headingId} />
            <ListPager total={d.total} pageSize={d.page_size} page={page} onChange={setPage} />
          </>
        )}
      </ListBody>
    </AdminPage>
  );
}
