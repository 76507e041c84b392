// /dashboard/users (shell §2.1, §2.2, behind admin-auth): the provider's list of the product's
// owners with their plan, number of apps and sign-up date; search by name or e-mail (?search=),
// 50 a page (?page=).
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ListBody } from '../components/ListBody';
import { ListPager } from '../components/ListPager';
import { ListSearchInput } from '../components/ListSearchInput';
import { pageParam } from '../components/list-paging';
import { useAddressSearch } from '../components/use-address-search';
import { useAdminUsers } from '../features/admin/admin-api';
import { AdminPage } from '../features/admin/AdminLayout';
import { AdminLoadError } from '../features/admin/AdminLoadError';
import { UsersTable } from '../features/admin/UsersTable';

export function AdminUsersPage() {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const { text, setText, search } = useAddressSearch(params, setParams, 'search');
  const users = useAdminUsers(search, page);

  return (
    <AdminPage title="Users" intro="Everyone who signed up for Sheetboard, newest first." labelId={headingId}>
      <ListSearchInput placeholder="Name or e-mail" value={text} onChange={setText} maw={420} />
      <ListBody
        query={users}
        failed={(e) => <AdminLoadError error={e} title="The users could not be loaded" />}
        isEmpty={(d) => d.users.length === 0}
        empty={search ? 'No user matches this search.' : 'Nobody has signed up yet.'}
      >
        {(d) => (
          <>
            <UsersTable page={d} labelledBy={headingId} />
            <ListPager total={d.total} pageSize={d.page_size} page={page} onChange={(p) => setParams({ ...(search ? { search } : {}), ...(p > 1 ? { page: String(p) } : {}) })} />
          </>
        )}
      </ListBody>
    </AdminPage>
  );
}
