// Comments view: a post form (name for anonymous visitors) and the comments, newest first, in
// pages of comments_per_page. Every comment is shown as plain text (React text nodes; line breaks
// kept by CSS), never as HTML or Markdown. The renderer loads and posts (data.comments).
import { Avatar, Box, Button, Group, Pagination, Paper, Stack, Text, TextInput, Textarea, ActionIcon } from '@mantine/core';
import { Tooltip } from '../LazyTooltip';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useClock } from '../use-clock';
import { AUTHOR_MAX_LENGTH, COMMENT_MAX_LENGTH, commentIssues } from '../../shared/rules/comments';
import { readSettings } from '../../shared/settings/read';
import { BlockFrame, BlockLoading, DataError } from '../BlockFrame';
import type { BlockViewProps } from '../types';
import { initialsOf, pagesOf, timeAgo } from './comment-format';
import { commentsSettings } from './schema';

/** A cleared colour or button text is the usual one; a cleared subtitle shows none. */
const BLANK_IS_DEFAULT = [
  'post_button_text',
  'subtitle_color',
  'comment_background_color',
  'author_color',
  'comment_text_color',
  'date_color',
  'button_color',
  'button_text_color',
] as const;

interface FieldErrors {
  body?: string;
  author?: string;
  form?: string;
}

export function CommentsBlock({ config, mode, data }: BlockViewProps) {
  const c = data.comments;
  const signedIn = !!data.viewer.email || !!data.app?.user;
  const [body, setBody] = useState('');
  const [author, setAuthor] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const settings = useMemo(() => readSettings(commentsSettings, config, { blankIsDefault: BLANK_IS_DEFAULT }), [config]);
  const buttonColor = settings.button_color;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!c) return;
    const issues = commentIssues({ body, author }, signedIn);
    if (issues.length > 0) {
      setErrors(Object.fromEntries(issues.map((i) => [i.path, i.message])));
      return;
    }
    setSending(true);
    setErrors({});
    try {
      await c.post(signedIn ? { body } : { body, author });
      setBody('');
    } catch (err) {
      const issuesOf = (err as { issues?: { path: string; message: string }[] }).issues ?? [];
      const next: FieldErrors = {};
      for (const i of issuesOf) if (i.path === 'body' || i.path === 'author') next[i.path] = i.message;
      if (!next.body && !next.author) next.form = (err instanceof Error && err.message) || 'Data Error';
      setErrors(next);
    } finally {
      setSending(false);
    }
  };

  const { subtitle } = settings;
  const { page, pages } = pagesOf(c?.offset ?? 0, c?.limit ?? 10, c?.total ?? 0);
  const now = useClock(60_000);

  let list;
  if (!c || !c.ready)
    list = (
      <Text c="dimmed" size="sm">
        {mode === 'edit' ? 'Comments appear here once the block is saved.' : 'No comments yet.'}
      </Text>
    );
  else if (c.error) list = <DataError error={c.error} />;
  else if (c.loading && c.comments.length === 0) list = <BlockLoading />;
  else if (c.comments.length === 0)
    list = (
      <Text c="dimmed" size="sm">
        No comments yet. Be the first to comment.
      </Text>
    );
  else
    list = (
      <Stack gap="sm" aria-label="Comments" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {c.comments.map((cm) => (
          <Paper component="li" key={cm.id} p="sm" radius="md" style={{ background: settings.comment_background_color }} data-testid="comment">
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <Avatar radius="xl" size={36} color="indigo" aria-hidden>
                {initialsOf(cm.author)}
              </Avatar>
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Group gap={8} justify="space-between" wrap="nowrap">
                  <Group gap={8} wrap="wrap" style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" style={{ color: settings.author_color, overflowWrap: 'anywhere' }}>
                      {cm.author}
                    </Text>
                    <Text size="xs" component="time" dateTime={cm.created_at} title={new Date(cm.created_at).toLocaleString()} style={{ color: settings.date_color }}>
                      {timeAgo(cm.created_at, now)}
                    </Text>
                  </Group>
                  {c.remove && (
                    <Tooltip label="Delete comment">
                      <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Delete comment by ${cm.author}`} onClick={() => void c.remove?.(cm.id)}>
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
                <Text size="sm" mt={4} style={{ color: settings.comment_text_color, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {cm.body}
                </Text>
              </Box>
            </Group>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <BlockFrame config={config}>
      <Stack gap="md">
        {subtitle && (
          <Text size="sm" style={{ color: settings.subtitle_color }}>
            {subtitle}
          </Text>
        )}
        <form onSubmit={(e) => void submit(e)} aria-label="Post a comment" noValidate>
          <Stack gap="xs">
            {!signedIn && (
              <TextInput
                label="Your name"
                value={author}
                maxLength={AUTHOR_MAX_LENGTH}
                onChange={(e) => setAuthor(e.currentTarget.value)}
                error={errors.author}
                disabled={!c?.ready}
                style={{ maxWidth: 360 }}
              />
            )}
            <Textarea
              label="Comment"
              value={body}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={COMMENT_MAX_LENGTH}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={errors.body}
              disabled={!c?.ready}
            />
            {errors.form && (
              <Text c="red" size="sm" role="alert">
                {errors.form}
              </Text>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={sending} disabled={!c?.ready} style={{ background: buttonColor, color: settings.button_text_color }}>
                {settings.post_button_text}
              </Button>
            </Group>
          </Stack>
        </form>
        {list}
        {c && c.ready && pages > 1 && (
          <Group justify="center">
            <Pagination total={pages} value={page} onChange={(p) => c.setOffset((p - 1) * c.limit)} size="sm" aria-label="Comment pages" color="indigo" />
          </Group>
        )}
      </Stack>
    </BlockFrame>
  );
}

export default CommentsBlock;
