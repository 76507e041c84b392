// Inviting someone to the blog team from /blog-admin/authors (or sending an invitation again): the
// e-mail goes out, or, when no mail could be sent, the link shows to pass on by hand.
import { Button, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { BlogAuthorAdmin } from '../../../shared/api/blog';
import { BLOG_LIMITS, type BlogRole } from '../../../shared/rules/blog';
import { FormError } from '../../components/FormError';
import { messageOf } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ROLE_OPTIONS } from './AuthorForm';
import { blogApi, blogKeys } from './blog-admin-api';

export interface InviteResult {
  author: BlogAuthorAdmin;
  sent: boolean;
  link: string | null;
}

/** What an invitation led to: a toast when mailed, else the link (shown until closed). */
export function useInviteOutcome() {
  const qc = useQueryClient();
  const [link, setLink] = useState<{ name: string; link: string } | null>(null);
  const invited = (res: InviteResult) => {
    void qc.invalidateQueries({ queryKey: blogKeys.authors });
    if (res.sent) toast.success('Invitation sent', `Invitation sent to ${res.author.email}`);
    else if (res.link) setLink({ name: res.author.name, link: res.link });
  };
  return { link, closeLink: () => setLink(null), invited };
}

export function AuthorInviteDialog({ opened, onClose, onInvited }: { opened: boolean; onClose: () => void; onInvited: (res: InviteResult) => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Invite to the blog team">
      {opened && (
        <InviteForm
          onDone={(res) => {
            onClose();
            onInvited(res);
          }}
        />
      )}
    </Modal>
  );
}

function InviteForm({ onDone }: { onDone: (res: InviteResult) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<BlogRole>('author');
  const [error, setError] = useState<string | null>(null);
  const invite = useMutation({ mutationFn: () => blogApi.invite(name.trim(), email.trim(), role), onSuccess: onDone, onError: (e) => setError(messageOf(e)) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || !email.trim()) return setError('Please fill in both Name and Email.');
    setError(null);
    invite.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={BLOG_LIMITS.authorName} data-autofocus data-testid="blog-invite-name" />
        <TextInput label="Email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} maxLength={320} data-testid="blog-invite-email" />
        <Select label="Role" data={ROLE_OPTIONS} value={role} onChange={(v) => v && setRole(v as BlogRole)} allowDeselect={false} data-testid="blog-invite-role" />
        <FormError plain>{error}</FormError>
        <Button type="submit" loading={invite.isPending} data-testid="blog-invite-send">
          Send invitation
        </Button>
      </Stack>
    </form>
  );
}
