// /admin/blog-team (issue 17, behind admin-auth): the provider's way to the blog's first
// administrator and its team: the blog accounts (name, e-mail, role, whether they accepted their
// invitation, last sign-in) and a form that invites someone by e-mail. When no mail could be
// sent, the invitation link is shown to pass on by hand.
import { useId } from 'react';
import { ListBody } from '../components/ListBody';
import { AdminPage } from '../features/admin/AdminLayout';
import { AdminLoadError } from '../features/admin/AdminLoadError';
import { useBlogTeam } from '../features/admin/blog-team-api';
import { BlogTeamInviteForm } from '../features/admin/BlogTeamInviteForm';
import { BlogTeamTable } from '../features/admin/BlogTeamTable';

export function AdminBlogTeamPage() {
  const headingId = useId();
  const team = useBlogTeam();
  return (
    <AdminPage title="Blog team" intro="The people who write and publish the blog. They sign in at /blog-admin with their own accounts." labelId={headingId}>
      <BlogTeamInviteForm />
      <ListBody
        query={team}
        failed={(e) => <AdminLoadError error={e} title="The blog team could not be loaded" />}
        isEmpty={(d) => d.authors.length === 0}
        empty="Nobody is on the blog team yet. Invite its first administrator above."
      >
        {(d) => <BlogTeamTable members={d.authors} labelledBy={headingId} />}
      </ListBody>
    </AdminPage>
  );
}
