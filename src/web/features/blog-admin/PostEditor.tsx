// The post editor of /blog-admin/add-blog, add-blog/{id} and edit-blog/{id}: title, rich text
// (the marketplace's field, images from the media library), cover image, excerpt, category, tags,
// address, SEO title and description, and the status (Draft / Publish now / Schedule; authors only
// save drafts). Drafts save themselves 1.5 s after the last change once the post has a title; a
// published or scheduled post changes only with its button. Someone else's newer save is never
// overwritten: the editor stops saving and offers their version, keeping this person's text.
import {
  Alert,
  Badge,
  Box,
  Button,
  CopyButton,
  Grid,
  Group,
  Image,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudUpload, IconEye, IconLoader2, IconPhoto } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { BlogMedia, BlogPostAdmin } from '../../../shared/api/blog';
import { BLOG_LIMITS, BLOG_MESSAGES, isBlogEditor, type BlogPostStatus } from '../../../shared/rules/blog';
import { FormError } from '../../components/FormError';
import { ApiError, messageOf } from '../../lib/api';
import { toast } from '../../lib/toast';
import { formatInstant, safeLink } from '../admin/format';
import RichTextField from '../marketplace/RichTextField';
import { blogApi, blogKeys, useBlogCategories } from './blog-admin-api';
import { holdHandoff, leaveHandoff } from './editor-handoff';
import { altFromName, mediaSrc } from './media-format';
import { MediaPickerModal } from './MediaPicker';
import {
  addressSlug,
  bodyOf,
  EMPTY_FORM,
  formFromPost,
  hasUnsaved,
  INITIAL_SAVE,
  retryDelay,
  saveReducer,
  saveStateLook,
  saveStateText,
  scheduleProblem,
  statusLabel,
  statusOfChoice,
  type PostForm,
  type SaveState,
  type StatusChoice,
} from './post-form';

const AUTOSAVE_MS = 1500;
const SEO_TITLE_SHOWN = 60;
const SEO_DESCRIPTION_SHOWN = 160;

const timeOf = (ms: number) => new Date(ms).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** Failures a later try may get through: no answer, the server's own trouble, too many requests. */
const retryable = (e: unknown) => !(e instanceof ApiError) || e.status === 0 || e.status === 429 || e.status >= 500;

export interface EditorStart {
  post: BlogPostAdmin | null;
  form?: PostForm;
  dirty?: boolean;
}

export function PostEditor({ start, role, onCreated }: { start: EditorStart; role: string; onCreated: (post: BlogPostAdmin) => void }) {
  const editor = isBlogEditor(role);
  const qc = useQueryClient();
  const categories = useBlogCategories();
  const [form, setForm] = useState<PostForm>(() => start.form ?? (start.post ? formFromPost(start.post) : EMPTY_FORM));
  const [stored, setStored] = useState<BlogPostAdmin | null>(start.post);
  const [save, dispatch] = useReducer(saveReducer, start, (s): SaveState => {
    const savedAt = s.post ? Date.parse(s.post.updated_at) : null;
    return s.dirty ? { status: 'dirty', rev: 1, savedRev: 0, savedAt } : { ...INITIAL_SAVE, savedAt };
  });
  const [theirs, setTheirs] = useState<BlogPostAdmin | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [scheduleTouched, setScheduleTouched] = useState(false);
  const [picker, setPicker] = useState<null | 'content' | 'cover'>(null);
  const insertImage = useRef<((image: { src: string; alt: string }) => void) | null>(null);

  // The latest values for the saves, which run after renders.
  const formRef = useRef(form);
  const storedRef = useRef(stored);
  const saveRef = useRef(save);
  useEffect(() => {
    formRef.current = form;
    storedRef.current = stored;
    saveRef.current = save;
  });

  const storedId = stored?.id;
  useEffect(() => (storedId ? holdHandoff(storedId) : undefined), [storedId]);

  const change = useCallback((patch: Partial<PostForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    dispatch({ type: 'edit' });
  }, []);

  const runSave = useCallback(
    async (status: BlogPostStatus | null, explicit: boolean) => {
      const f = formRef.current;
      const current = storedRef.current;
      const rev = saveRef.current.rev;
      const sending: BlogPostStatus = status ?? current?.status ?? 'draft';
      dispatch({ type: 'start' });
      try {
        const body = bodyOf(f, sending, current?.publish_at ?? null);
        const res = current ? await blogApi.updatePost(current.id, { ...body, version: current.version }) : await blogApi.createPost(body);
        storedRef.current = res.post;
        setStored(res.post);
        // The address the server made from the title, without counting as an edit.
        if (!f.slug.trim()) setForm((x) => (x.slug.trim() ? x : { ...x, slug: res.post.slug }));
        dispatch({ type: 'saved', rev, at: Date.now() });
        qc.setQueryData(blogKeys.post(res.post.id), { post: res.post });
        void qc.invalidateQueries({ queryKey: blogKeys.postsAll });
        if (!current) {
          leaveHandoff({ post: res.post, form: { ...formRef.current, slug: formRef.current.slug.trim() ? formRef.current.slug : res.post.slug }, dirty: saveRef.current.rev > rev });
          onCreated(res.post);
        }
        if (explicit) {
          const words = res.post.status === 'published' ? 'The post is published.' : res.post.status === 'scheduled' ? `The post goes live ${formatInstant(res.post.publish_at)}.` : 'The draft is saved.';
          toast.success('Saved', words);
        }
      } catch (e) {
        if (e instanceof ApiError && e.status === 409 && e.code === 'POST_CONFLICT') {
          const body = e.body as { post?: BlogPostAdmin } | null;
          setTheirs(body?.post ?? null);
          dispatch({ type: 'conflict' });
          return;
        }
        dispatch({ type: 'failed', message: messageOf(e), retry: !explicit && retryable(e) });
        if (explicit) toast.error('The post was not saved', messageOf(e));
      }
    },
    [qc, onCreated],
  );

  // Autosave: a draft (or a new post) with a title, 1.5 s after the last change; after a failure
  // worth retrying, again after a growing wait.
  const autosaves = !stored || stored.status === 'draft';
  const hasTitle = form.title.trim() !== '';
  const mayWrite = editor || !stored || stored.status === 'draft';
  useEffect(() => {
    if (!autosaves || !hasTitle || !mayWrite) return;
    if (save.status === 'dirty') {
      const t = setTimeout(() => void runSave(null, false), AUTOSAVE_MS);
      return () => clearTimeout(t);
    }
    if (save.status === 'retrying') {
      const t = setTimeout(() => void runSave(null, false), retryDelay(save.attempt));
      return () => clearTimeout(t);
    }
  }, [save, autosaves, hasTitle, mayWrite, runSave]);

  // Leaving with edits the server does not have: the browser asks first.
  const unsaved = hasUnsaved(save);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const loadLatest = () => {
    if (!theirs) return;
    setStored(theirs);
    setForm(formFromPost(theirs));
    setTheirs(null);
    dispatch({ type: 'reloaded', at: Date.now() });
  };

  const saveWithButton = () => {
    if (!form.title.trim()) return setTitleError(BLOG_MESSAGES.titleRequired);
    const choice: StatusChoice = editor ? form.choice : 'draft';
    if (choice === 'schedule') {
      setScheduleTouched(true);
      if (scheduleProblem(form.scheduleLocal)) return;
    }
    void runSave(statusOfChoice(choice), true);
  };

  const onPick = (m: BlogMedia) => {
    const src = mediaSrc(m.id);
    if (picker === 'cover') change({ cover_image: src });
    else insertImage.current?.({ src, alt: m.alt || altFromName(m.name) });
  };

  const slug = addressSlug(form);
  const scheduleError = form.choice === 'schedule' && scheduleTouched ? scheduleProblem(form.scheduleLocal) : null;
  const busy = save.status === 'saving';
  const conflict = save.status === 'conflict';
  const readOnly = !mayWrite;
  const preview = stored ? safeLink(stored.preview_url) : null;
  const cover = form.cover_image ? safeLink(form.cover_image) : null;
  const buttonLabel = !editor || form.choice === 'draft' ? 'Save draft' : form.choice === 'schedule' ? 'Schedule' : stored?.status === 'published' ? 'Update' : 'Publish now';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2}>{stored ? 'Edit post' : 'New post'}</Title>
          <Group gap="xs">
            {stored && (
              <Badge variant="light" data-testid="blog-editor-stored-status">
                {statusLabel(stored)}
              </Badge>
            )}
            <SaveStateText save={save} />
          </Group>
        </Stack>
        <Group gap="xs">
          <Button
            component="a"
            href={preview ?? undefined}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconEye size={16} />}
            disabled={!preview}
            data-testid="blog-editor-preview"
          >
            Preview
          </Button>
          <Button onClick={saveWithButton} loading={busy} disabled={conflict || readOnly} leftSection={<IconCloudUpload size={16} />} data-testid="blog-editor-save">
            {buttonLabel}
          </Button>
        </Group>
      </Group>

      {conflict && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />} title="Not saved" data-testid="blog-conflict">
          <Stack gap="xs">
            <Text size="sm">{BLOG_MESSAGES.conflict}</Text>
            <Textarea label="Your text (HTML)" value={form.content} readOnly autosize minRows={3} maxRows={10} data-testid="blog-conflict-mine" />
            <Group gap="xs">
              <CopyButton value={`${form.title}\n\n${form.content}`}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy your text'}
                  </Button>
                )}
              </CopyButton>
              <Button size="xs" color="red" onClick={loadLatest} disabled={!theirs} data-testid="blog-conflict-load">
                Load the latest version
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <FormError testId="blog-save-error">{save.status === 'refused' && save.message}</FormError>
      {readOnly && (
        <Alert color="yellow" variant="light" role="status">
          {BLOG_MESSAGES.authorPublished}
        </Alert>
      )}

      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <TextInput
              label="Title"
              required
              value={form.title}
              onChange={(e) => {
                setTitleError(null);
                change({ title: e.currentTarget.value });
              }}
              error={titleError}
              maxLength={BLOG_LIMITS.title}
              size="md"
              disabled={readOnly}
              data-testid="blog-editor-title"
            />
            <RichTextField
              label="Content"
              value={form.content}
              onChange={(html) => {
                if (html !== formRef.current.content) change({ content: html });
              }}
              disabled={readOnly}
              required={false}
              testId="blog-editor-content"
              minHeight={320}
              pickImage={(insert) => {
                insertImage.current = insert;
                setPicker('content');
              }}
            />
            <Textarea
              label="Excerpt"
              description={`${form.excerpt.length} / ${BLOG_LIMITS.excerpt} · shown on the blog's list and in link previews`}
              value={form.excerpt}
              onChange={(e) => change({ excerpt: e.currentTarget.value })}
              maxLength={BLOG_LIMITS.excerpt}
              autosize
              minRows={2}
              maxRows={6}
              disabled={readOnly}
              data-testid="blog-editor-excerpt"
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <Text fw={600}>Status</Text>
                {editor ? (
                  <>
                    <SegmentedControl
                      fullWidth
                      value={form.choice}
                      onChange={(v) => setForm((f) => ({ ...f, choice: v as StatusChoice }))}
                      data={[
                        { value: 'draft', label: 'Draft' },
                        { value: 'publish', label: 'Publish now' },
                        { value: 'schedule', label: 'Schedule' },
                      ]}
                      disabled={readOnly}
                      aria-label="Status"
                      data-testid="blog-editor-status"
                    />
                    {form.choice === 'schedule' && (
                      <TextInput
                        type="datetime-local"
                        label="Goes live at"
                        description="Your local time"
                        value={form.scheduleLocal}
                        onChange={(e) => setForm((f) => ({ ...f, scheduleLocal: e.currentTarget.value }))}
                        onBlur={() => setScheduleTouched(true)}
                        error={scheduleError}
                        data-testid="blog-editor-schedule"
                      />
                    )}
                    {stored && stored.status !== 'draft' && (
                      <Text size="xs" c="dimmed">
                        Changes to a {stored.status === 'published' ? 'published' : 'scheduled'} post are saved when you press “{buttonLabel}”.
                      </Text>
                    )}
                    {stored?.publish_at && (
                      <Text size="xs" c="dimmed">
                        {stored.live ? 'Published' : 'Goes live'}: {formatInstant(stored.publish_at)}
                      </Text>
                    )}
                  </>
                ) : (
                  <Text size="sm" c="dimmed" data-testid="blog-editor-author-note">
                    An editor publishes your post.
                  </Text>
                )}
              </Stack>
            </Paper>

            <Paper withBorder p="md" radius="md">
              <Stack gap="xs">
                <Text fw={600}>Cover image</Text>
                {cover ? (
                  <Image src={cover} alt="Cover image" radius="sm" mah={180} fit="cover" data-testid="blog-editor-cover" />
                ) : (
                  <Text size="sm" c="dimmed">
                    No cover image yet.
                  </Text>
                )}
                <Group gap="xs">
                  <Button size="xs" variant="light" leftSection={<IconPhoto size={14} />} onClick={() => setPicker('cover')} disabled={readOnly} data-testid="blog-editor-cover-choose">
                    {cover ? 'Change' : 'Choose cover image'}
                  </Button>
                  {cover && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => change({ cover_image: '' })} disabled={readOnly}>
                      Remove
                    </Button>
                  )}
                </Group>
              </Stack>
            </Paper>

            <Select
              label="Category"
              placeholder={categories.isPending ? 'Loading...' : 'Uncategorised'}
              data={(categories.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
              value={form.category_id}
              onChange={(v) => change({ category_id: v })}
              clearable
              searchable
              nothingFoundMessage="No category of that name"
              error={categories.isError ? messageOf(categories.error) : undefined}
              disabled={readOnly}
              data-testid="blog-editor-category"
            />
            <TagsInput
              label="Tags"
              description="Press Enter or type a comma after each tag"
              value={form.tags}
              onChange={(tags) => change({ tags: tags.map((t) => t.slice(0, BLOG_LIMITS.tag)) })}
              maxTags={BLOG_LIMITS.tags}
              splitChars={[',']}
              clearable
              disabled={readOnly}
              data-testid="blog-editor-tags"
            />
            <TextInput
              label="Address"
              placeholder={addressSlug({ slug: '', title: form.title }) || 'made from the title'}
              description={slug ? `${window.location.origin}/blog/${slug}` : 'Made from the title when left empty'}
              value={form.slug}
              onChange={(e) => change({ slug: e.currentTarget.value })}
              maxLength={BLOG_LIMITS.slug}
              disabled={readOnly}
              styles={{ description: { overflowWrap: 'anywhere' } }}
              data-testid="blog-editor-slug"
            />
            <TextInput
              label="SEO title"
              placeholder={form.title}
              description={`${form.seo_title.length} characters · search results show about ${SEO_TITLE_SHOWN}`}
              value={form.seo_title}
              onChange={(e) => change({ seo_title: e.currentTarget.value })}
              maxLength={BLOG_LIMITS.seoTitle}
              disabled={readOnly}
              data-testid="blog-editor-seo-title"
            />
            <Textarea
              label="SEO description"
              description={`${form.seo_description.length} characters · search results show about ${SEO_DESCRIPTION_SHOWN}`}
              value={form.seo_description}
              onChange={(e) => change({ seo_description: e.currentTarget.value })}
              maxLength={BLOG_LIMITS.seoDescription}
              autosize
              minRows={2}
              maxRows={5}
              disabled={readOnly}
              data-testid="blog-editor-seo-description"
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <MediaPickerModal opened={picker !== null} onClose={() => setPicker(null)} onPick={onPick} title={picker === 'cover' ? 'Choose a cover image' : 'Insert an image'} />
    </Stack>
  );
}

function SaveStateText({ save }: { save: SaveState }) {
  const text = saveStateText(save, timeOf);
  const look = saveStateLook(save);
  const colour = look.colour;
  const Icon = look.icon === 'check' ? IconCheck : look.icon === 'spinner' ? IconLoader2 : look.icon === 'warning' ? IconAlertTriangle : null;
  return (
    <Group gap={4} wrap="nowrap" role="status" aria-live="polite" data-testid="blog-save-state" data-state={save.status}>
      {Icon && <Icon size={14} color={`var(--mantine-color-${colour === 'dimmed' ? 'gray-6' : colour === 'yellow.8' ? 'yellow-8' : `${colour}-6`})`} />}
      <Box component="span" fz="sm" c={colour}>
        {text}
      </Box>
    </Group>
  );
}
