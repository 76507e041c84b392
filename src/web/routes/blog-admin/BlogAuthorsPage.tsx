// /blog-admin/authors (editors): the blog admin accounts, invitations (sent, or the link to pass
// on), resend, remove (their posts move to the one who removes them). The server refuses what a
// role may not do; its words show.
import { Button, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { InvitationLinkAlert } from '../../components/InvitationLink';
import { ListBody } from '../../components/ListBody';
import { PageHeading } from '../../components/PageHeading';
import { useBlogAuthors } from '../../features/blog-admin/blog-admin-api';
import { AuthorInviteDialog, useInviteOutcome } from '../../features/blog-admin/AuthorInvite';
import { AuthorsTable } from '../../features/blog-admin/AuthorsTable';
import { BlogLoadError } from '../../features/blog-admin/BlogLoadError';

export function BlogAuthorsPage() {
  useDocumentTitle('Authors · Blog admin');
  const authors = useBlogAuthors();
  const [inviting, setInviting] = useState(false);
  const { link, closeLink, invited } = useInviteOutcome();

  return (
    <Stack gap="md">
      <PageHeading
        title="Authors"
        action={
          <Button onClick={() => setInviting(true)} data-testid="blog-author-invite">
            Invite
          </Button>
        }
      />
      {link && <InvitationLinkAlert text={`Pass this link on to ${link.name} yourself.`} link={link.link} onClose={closeLink} />}
      <ListBody
        query={authors}
        failed={(e) => <BlogLoadError error={e} title="The accounts could not be loaded" />}
        isEmpty={(d) => d.authors.length === 0}
        empty="No accounts yet."
      >
        {(d) => <AuthorsTable authors={d.authors} onInvited={invited} />}
      </ListBody>
      <AuthorInviteDialog opened={inviting} onClose={() => setInviting(false)} onInvited={invited} />
    </Stack>
  );
}
