// One blog account's name, bio, avatar (from the media library) and role (/blog-admin/edit/{id}).
// The server refuses what the signed-in role may not change; its words show under the form.
import { Anchor, Avatar, Button, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { BlogAuthorAdmin } from '../../../shared/api/blog';
import { BLOG_LIMITS, BLOG_ROLE_LABELS, BLOG_ROLES, type BlogRole } from '../../../shared/rules/blog';
import { FormError } from '../../components/FormError';
import { messageOf } from '../../lib/api';
import { toast } from '../../lib/toast';
import { safeLink } from '../admin/format';
import { blogApi, blogKeys } from './blog-admin-api';
import { mediaSrc } from './media-format';
import { MediaPickerModal } from './MediaPicker';

export const ROLE_OPTIONS = BLOG_ROLES.map((r) => ({ value: r, label: BLOG_ROLE_LABELS[r] }));

export function AuthorForm({ author }: { author: BlogAuthorAdmin }) {
  const qc = useQueryClient();
  const [name, setName] = useState(author.name);
  const [bio, setBio] = useState(author.bio);
  const [role, setRole] = useState<BlogRole>(author.role);
  const [avatar, setAvatar] = useState<{ id: string | null; src: string | null } | null>(null);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = avatar ? avatar.src : author.avatar ? safeLink(author.avatar) : null;
  const save = useMutation({
    mutationFn: () => blogApi.updateAuthor(author.id, { name: name.trim(), bio, role, ...(avatar ? { avatar_media_id: avatar.id } : {}) }),
    onSuccess: () => {
      toast.success('Account saved', name.trim());
      void qc.invalidateQueries({ queryKey: blogKeys.all });
    },
    onError: (e) => setError(messageOf(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Please give a name.');
    setError(null);
    save.mutate();
  };
  return (
    <Stack gap="md" maw={560}>
      <Anchor component={Link} to="/blog-admin/authors" size="sm">
        ← Authors
      </Anchor>
      <Title order={2}>Edit account</Title>
      <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {author.email}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group>
            <Avatar src={shown} alt="" size="lg" radius="xl" name={name} color="initials" data-testid="blog-author-avatar" />
            <Button size="xs" variant="light" onClick={() => setPicking(true)}>
              Choose avatar
            </Button>
            {shown && (
              <Button size="xs" variant="subtle" color="red" onClick={() => setAvatar({ id: null, src: null })}>
                Remove
              </Button>
            )}
          </Group>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={BLOG_LIMITS.authorName} data-testid="blog-author-name" />
          <Textarea label="Bio" description={`${bio.length} / ${BLOG_LIMITS.bio}`} value={bio} onChange={(e) => setBio(e.currentTarget.value)} maxLength={BLOG_LIMITS.bio} autosize minRows={3} data-testid="blog-author-bio" />
          <Select label="Role" data={ROLE_OPTIONS} value={role} onChange={(v) => v && setRole(v as BlogRole)} allowDeselect={false} data-testid="blog-author-role" />
          <FormError plain testId="blog-author-error">{error}</FormError>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="blog-author-save">
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <MediaPickerModal opened={picking} onClose={() => setPicking(false)} onPick={(m) => setAvatar({ id: m.id, src: mediaSrc(m.id) })} title="Choose an avatar" />
    </Stack>
  );
}
