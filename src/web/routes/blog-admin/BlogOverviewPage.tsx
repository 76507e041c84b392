// /blog-admin: for an author, their own posts to continue; for editors, the posts by status and
// the latest changes.
import { Button, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isBlogEditor } from '../../../shared/rules/blog';
import { PageHeading } from '../../components/PageHeading';
import { useBlogSession } from '../../features/blog-admin/blog-admin-api';
import { useBlogRole } from '../../features/blog-admin/BlogAdminLayout';
import { AuthorOverview, EditorOverview } from '../../features/blog-admin/BlogOverview';

export function BlogOverviewPage() {
  useDocumentTitle('Overview · Blog admin');
  const role = useBlogRole();
  const name = useBlogSession().data?.user.name;
  return (
    <Stack gap="lg">
      <PageHeading
        title="Overview"
        description={name && `Signed in as ${name}`}
        action={
          <Button component={Link} to="/blog-admin/add-blog" leftSection={<IconPlus size={16} />} data-testid="blog-overview-new">
            New post
          </Button>
        }
      />
      {isBlogEditor(role) ? <EditorOverview /> : <AuthorOverview />}
    </Stack>
  );
}
