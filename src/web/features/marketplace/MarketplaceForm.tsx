// The submission form of Push to Marketplace (shell §2.4, §3, §5, §7, §8). Everything is checked
// in the browser first with the shared rules (src/shared/rules/marketplace.ts); the chosen images
// are uploaded only at submit time, one after the other, so a form left half-filled stores
// nothing on the server; then PUT review-request { form }.
import { toast } from '../../lib/toast';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Checkbox,
  CloseButton,
  ColorInput,
  ColorSwatch,
  Fieldset,
  Group,
  Image,
  Input,
  NumberInput,
  Overlay,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useQueryClient } from '@tanstack/react-query';
import { IconPhotoPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  HEX_COLOUR,
  MARKETPLACE_CATEGORIES,
  MARKETPLACE_LIMITS,
  MARKETPLACE_IMAGE_TYPES,
  MARKETPLACE_MESSAGES,
  marketplaceFormProblem,
  parseTags,
  priceProblem,
  THUMBNAIL_BG_PRESETS,
} from '../../../shared/rules/marketplace';
import { InlineLoading } from '../../components/InlineLoading';
import { fetchAppNow, stripeSubmitStatus, submitRequest, uploadImage, useTemplateContents, type EditorApp, type ReviewRequest } from './api';
import {
  clampSummary,
  contentsSummary,
  formLock,
  formValues,
  imageBytes,
  submitErrorMessage,
  submitLabel,
  submitPayload,
  summaryCounter,
  uploadErrorMessage,
  type FormImage,
  type MarketplaceFormState,
} from './form-state';
import { chooseAdditional, chooseThumbnail, type ImageNotice } from './images';

const RichTextField = lazy(() => import('./RichTextField'));

const CATEGORY_OPTIONS = MARKETPLACE_CATEGORIES.map((c) => ({ value: c.value, label: c.label }));
const NOTICE_COLOURS = { error: 'red', warning: 'yellow', success: 'teal' } as const;

let nextImageId = 0;

function Notices({ notices, testId }: { notices: ImageNotice[]; testId: string }) {
  if (!notices.length) return null;
  return (
    <Stack gap={6} data-testid={testId}>
      {notices.map((n, i) => (
        <Alert key={i} color={NOTICE_COLOURS[n.kind]} role={n.kind === 'error' ? 'alert' : 'status'} py={6}>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {n.text}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}

function ImageTile({ image, label, onRemove, background }: { image: FormImage; label: string; onRemove: () => void; background?: string }) {
  return (
    <Paper withBorder radius="md" p={4} pos="relative" style={{ background }}>
      <Image src={image.src} alt={label} h={96} fit="contain" />
      <CloseButton aria-label={`Remove ${label.toLowerCase()}`} size="sm" variant="filled" color="red" pos="absolute" top={4} right={4} onClick={onRemove} />
      <Text size="xs" c="dimmed" truncate ta="center" title={image.name}>
        {image.name}
      </Text>
    </Paper>
  );
}

/**
 * What ships with the template (GET review-request/contents), in plain words, and the choice to
 * send it without its data. Sheet titles and column names are the seller's text: shown as text.
 */
function TemplateContents({ appId, withData, onWithData }: { appId: string | undefined; withData: boolean; onWithData: (v: boolean) => void }) {
  const contents = useTemplateContents(appId);
  const summary = contents.data ? contentsSummary(contents.data, withData) : null;
  return (
    <Input.Wrapper label="What ships with the template" description="Only what visitors of your app can see goes along: sheets and columns your blocks do not show to visitors stay with you.">
      <Paper withBorder radius="md" p="sm" mt={4} data-testid="marketplace-contents">
        <Stack gap={6}>
          {contents.isPending && appId ? <InlineLoading size="xs" /> : null}
          {contents.isError ? (
            <Text size="sm" c="dimmed">
              We could not work out what ships with the template right now. Only what visitors of your app can see goes along.
            </Text>
          ) : null}
          {summary ? (
            <>
              <Text size="sm" fw={500} data-testid="marketplace-contents-summary">
                {summary.headline}
              </Text>
              {summary.lines.map((line, i) => (
                <Text key={i} size="sm" data-testid="marketplace-contents-sheet">
                  {line}
                </Text>
              ))}
            </>
          ) : null}
          <Checkbox
            mt={4}
            label="Send the template without its data"
            description="Buyers get your pages, blocks and the sheets' columns, with no rows."
            checked={!withData}
            onChange={(e) => onWithData(!e.currentTarget.checked)}
          />
        </Stack>
      </Paper>
    </Input.Wrapper>
  );
}

/** Why the form is locked, over the disabled form (§2.4), with the way to Push to Live. */
function LockOverlay({ lock, onOpenLive }: { lock: 'not-public' | 'sign-in'; onOpenLive: () => void }) {
  const notPublic = lock === 'not-public';
  return (
    <Overlay color="#fff" backgroundOpacity={0.75} blur={1} zIndex={5} radius="md">
      <Stack align="center" justify="flex-start" h="100%" p="lg" pt={48} gap="sm" data-testid={notPublic ? 'marketplace-overlay-not-public' : 'marketplace-overlay-sign-in'} role="group" aria-label={notPublic ? MARKETPLACE_MESSAGES.appNotPublic : MARKETPLACE_MESSAGES.signInNotAllowed}>
        {/* Near the top of the form, and kept in view while the dialog scrolls. */}
        <Paper withBorder shadow="md" radius="md" p="lg" maw={420} style={{ position: 'sticky', top: 16 }}>
          <Stack gap="sm" align="center">
            <Title order={4}>{notPublic ? MARKETPLACE_MESSAGES.appNotPublic : MARKETPLACE_MESSAGES.signInNotAllowed}</Title>
            <Text size="sm" ta="center">
              {notPublic ? MARKETPLACE_MESSAGES.appNotPublicHelp : MARKETPLACE_MESSAGES.signInNotAllowedHelp}
            </Text>
            <Button onClick={onOpenLive}>Open Push to Live</Button>
          </Stack>
        </Paper>
      </Stack>
    </Overlay>
  );
}

export function MarketplaceForm({
  appId,
  app,
  appLoading,
  previewUrl,
  initial,
  editing,
  onOpenLive,
  onSubmitted,
}: {
  appId: string | undefined;
  /** The app's privacy as last read (locks the form); undefined while loading or when unreadable. */
  app: EditorApp | undefined;
  appLoading: boolean;
  /** The app's public address (preview_url of the payload). */
  previewUrl: string;
  initial: MarketplaceFormState;
  editing: boolean;
  onOpenLive: () => void;
  onSubmitted: (request: ReviewRequest) => void;
}) {
  const qc = useQueryClient();
  const [form, setForm] = useState<MarketplaceFormState>(initial);
  const [thumbNotices, setThumbNotices] = useState<ImageNotice[]>([]);
  const [imageNotices, setImageNotices] = useState<ImageNotice[]>([]);
  const [descError, setDescError] = useState<string | null>(null);
  const [priceError, setPriceError] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ text: string; billing?: boolean } | null>(null);
  const [busy, setBusy] = useState<null | 'checking' | 'uploading' | 'sending'>(null);

  // Previews made here are let go when they leave the form, and all of them when it closes.
  const made = useRef(new Set<string>());
  useEffect(() => {
    const urls = made.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);
  const toImage = (file: File): FormImage => {
    const src = URL.createObjectURL(file);
    made.current.add(src);
    return { id: `new-${++nextImageId}`, name: file.name, size: file.size, src, file };
  };
  const release = (image: FormImage | null) => {
    if (image && made.current.delete(image.src)) URL.revokeObjectURL(image.src);
  };

  const lock = appLoading ? null : formLock(app);
  const disabled = lock !== null || busy !== null;
  // An edit clears the form's message; inputs that report their unchanged value (the price and
  // colour fields do on re-render) leave it.
  const patch = (p: Partial<MarketplaceFormState>) => {
    if (!Object.entries(p).some(([k, v]) => form[k as keyof MarketplaceFormState] !== v)) return;
    setForm((f) => ({ ...f, ...p }));
    setProblem(null);
  };

  const onThumbnail = (file: File) => {
    const r = chooseThumbnail(form, file, toImage);
    if (r.state !== form) {
      release(form.thumbnail);
      // A new picture answers the form's last message (such as a refused image): it goes.
      setProblem(null);
    }
    setForm(r.state);
    setThumbNotices(r.notice ? [r.notice] : []);
  };
  const onAdditional = (files: File[]) => {
    const r = chooseAdditional(form, files, toImage);
    if (r.state !== form) setProblem(null);
    setForm(r.state);
    setImageNotices(r.notices);
  };

  const submit = async () => {
    const problemText = marketplaceFormProblem(formValues(form), imageBytes(form) || undefined);
    if (problemText) return setProblem({ text: problemText });
    setProblem(null);
    setBusy('checking');
    try {
      // The app as it is now: the id the editor gives, its privacy read again.
      let current: EditorApp;
      try {
        if (!appId) throw new Error('no app');
        current = await fetchAppNow(qc, appId);
      } catch {
        return setProblem({ text: MARKETPLACE_MESSAGES.noAppData });
      }
      if (formLock(current)) return; // the overlay shows why (the cache now holds this reading)
      if (!form.isFree) {
        let canSubmitPaid: boolean;
        try {
          canSubmitPaid = (await stripeSubmitStatus()).can_submit_paid;
        } catch {
          return setProblem({ text: MARKETPLACE_MESSAGES.stripeCheckFailed });
        }
        if (!canSubmitPaid) return setProblem({ text: MARKETPLACE_MESSAGES.stripeNotConnected, billing: true });
      }

      // One upload at a time; an uploaded image keeps its reference, so trying again sends only the rest.
      setBusy('uploading');
      let state = form;
      if (state.thumbnail && !state.thumbnail.url && state.thumbnail.file) {
        try {
          const { url } = await uploadImage('thumbnail', state.thumbnail.file);
          state = { ...state, thumbnail: { ...state.thumbnail, url } };
          setForm(state);
        } catch (e) {
          return setProblem({ text: uploadErrorMessage(e, 'thumbnail') });
        }
      }
      for (let i = 0; i < state.additional.length; i++) {
        const image = state.additional[i]!;
        if (image.url || !image.file) continue;
        try {
          const { url } = await uploadImage('image', image.file);
          state = { ...state, additional: state.additional.map((x, j) => (j === i ? { ...x, url } : x)) };
          setForm(state);
        } catch (e) {
          return setProblem({ text: uploadErrorMessage(e, i + 1) });
        }
      }

      setBusy('sending');
      const payload = submitPayload(
        state,
        { thumbnail: state.thumbnail?.url ?? '', additional: state.additional.map((x) => x.url ?? '') },
        { id: current.id, public: current.public, sign_in_method: current.sign_in_method, publishUrl: current.publishUrl },
        previewUrl,
      );
      try {
        const { reviewRequest, warnings } = await submitRequest(payload);
        onSubmitted(reviewRequest);
        // Sent all the same; the seller learns which blocks show nothing (issue 33).
        for (const w of warnings ?? []) toast.warning('Some blocks need your attention', w);
      } catch (e) {
        setProblem({ text: submitErrorMessage(e) });
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box pos="relative" data-testid="marketplace-form">
      {lock && <LockOverlay lock={lock} onOpenLive={onOpenLive} />}
      {appLoading && <InlineLoading size="xs" />}
      <form
        aria-label="Publish to Marketplace"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!disabled) void submit();
        }}
      >
        <Fieldset disabled={disabled} variant="unstyled" aria-hidden={lock ? true : undefined}>
          <Stack gap="sm">
            <TextInput label="Title" withAsterisk value={form.title} maxLength={MARKETPLACE_LIMITS.titleMax} onChange={(e) => patch({ title: e.currentTarget.value })} />
            <Textarea
              label="Summary"
              withAsterisk
              autosize
              minRows={2}
              maxRows={4}
              value={form.summary}
              maxLength={MARKETPLACE_LIMITS.summaryMax}
              onChange={(e) => patch({ summary: clampSummary(e.currentTarget.value) })}
              onBlur={() => setForm((f) => ({ ...f, summary: f.summary.trim() }))}
              description={<span data-testid="marketplace-summary-counter">{summaryCounter(form.summary)}</span>}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <Suspense
              fallback={
                <Input.Wrapper label="Description" withAsterisk>
                  <InlineLoading size="xs" py="sm" />
                </Input.Wrapper>
              }
            >
              <RichTextField
                label="Description"
                value={form.description}
                disabled={disabled}
                error={descError}
                onChange={(html) => {
                  patch({ description: html });
                  if (descError) setDescError(null);
                }}
                onBlurEmpty={setDescError}
                onImageProblem={setDescError}
              />
            </Suspense>
            <Select
              label="Category"
              withAsterisk
              placeholder="Choose a category"
              data={CATEGORY_OPTIONS}
              value={form.category || null}
              onChange={(v) => patch({ category: v ?? '' })}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label="Tags"
              withAsterisk
              description="Separate tags with commas, for example: inventory, orders, small business"
              value={form.tagsText}
              onChange={(e) => patch({ tagsText: e.currentTarget.value })}
              maxLength={2000}
            />
            {parseTags(form.tagsText).length > 0 && (
              <Group gap={6} mt={-6} aria-label="Tags to be sent" data-testid="marketplace-tags-preview">
                {parseTags(form.tagsText).map((t, i) => (
                  <Badge key={`${t}-${i}`} variant="light" tt="none">
                    {t}
                  </Badge>
                ))}
              </Group>
            )}
            <Radio.Group label="Pricing" value={form.isFree ? 'free' : 'paid'} onChange={(v) => patch({ isFree: v === 'free' })}>
              <Group gap="lg" mt={4}>
                <Radio value="free" label="Free" />
                <Radio value="paid" label="Paid" />
              </Group>
            </Radio.Group>
            {!form.isFree && (
              <NumberInput
                label="Price"
                description="In US dollars"
                prefix="$"
                min={MARKETPLACE_LIMITS.minPrice}
                max={MARKETPLACE_LIMITS.maxPrice}
                // A price out of range stays as typed and is explained, rather than silently changed.
                clampBehavior="none"
                step={MARKETPLACE_LIMITS.priceStep}
                decimalScale={2}
                value={form.price}
                error={priceError}
                onChange={(v) => {
                  patch({ price: typeof v === 'number' ? v : Number.parseFloat(v) || 0 });
                  setPriceError(null);
                }}
                onBlur={() => setPriceError(priceProblem(form.price))}
              />
            )}

            <Input.Wrapper label="Thumbnail" withAsterisk description="The picture your template is shown with; it sits on the background colour below.">
              <Stack gap="xs" mt={4}>
                {form.thumbnail ? (
                  <Box w={180}>
                    <ImageTile
                      image={form.thumbnail}
                      label="Thumbnail"
                      background={form.bg}
                      onRemove={() => {
                        release(form.thumbnail);
                        patch({ thumbnail: null });
                        setThumbNotices([]);
                      }}
                    />
                  </Box>
                ) : null}
                <ImageDrop
                  label="Thumbnail"
                  testId="marketplace-thumbnail-input"
                  multiple={false}
                  disabled={disabled}
                  onDrop={(files) => files[0] && onThumbnail(files[0])}
                  onReject={(rejections) => rejections[0] && onThumbnail(rejections[0].file)}
                  text={form.thumbnail ? 'Drop another image here, or click to replace the thumbnail' : 'Drop an image here, or click to choose one (up to 3MB)'}
                />
                <Notices notices={thumbNotices} testId="marketplace-thumbnail-notices" />
              </Stack>
            </Input.Wrapper>

            <Input.Wrapper label="Thumbnail background" description="Pick a preset or any colour.">
              <Stack gap="xs" mt={4}>
                <Group gap={6} role="group" aria-label="Thumbnail background presets">
                  {THUMBNAIL_BG_PRESETS.map((c) => (
                    <ColorSwatch
                      key={c}
                      component="button"
                      type="button"
                      color={c}
                      aria-label={`Background ${c}`}
                      aria-pressed={form.bg.toLowerCase() === c}
                      onClick={() => patch({ bg: c })}
                      style={{ cursor: 'pointer', outline: form.bg.toLowerCase() === c ? '2px solid var(--mantine-color-indigo-6)' : undefined, outlineOffset: 2 }}
                    />
                  ))}
                </Group>
                <ColorInput
                  aria-label="Background colour"
                  format="hex"
                  value={form.bg}
                  swatches={[...THUMBNAIL_BG_PRESETS]}
                  onChange={(v) => patch({ bg: v })}
                  error={HEX_COLOUR.test(form.bg) ? null : MARKETPLACE_MESSAGES.badColour}
                  maw={220}
                />
                <Box data-testid="marketplace-thumbnail-preview" w={220} h={124} style={{ background: HEX_COLOUR.test(form.bg) ? form.bg : undefined, borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)', display: 'grid', placeItems: 'center', overflow: 'hidden' }}>
                  {form.thumbnail ? (
                    <Image src={form.thumbnail.src} alt="Thumbnail preview" mah={108} maw={204} fit="contain" />
                  ) : (
                    <Text size="xs" c="dimmed">
                      Thumbnail preview
                    </Text>
                  )}
                </Box>
              </Stack>
            </Input.Wrapper>

            <Input.Wrapper label="Additional images" withAsterisk description={`At least one, up to ${MARKETPLACE_LIMITS.maxAdditionalImages}. Max 3MB per image, 20MB for all images together.`}>
              <Stack gap="xs" mt={4}>
                {form.additional.length > 0 && (
                  <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="marketplace-additional-images">
                    {form.additional.map((image, i) => (
                      <ImageTile
                        key={image.id}
                        image={image}
                        label={`Image ${i + 1}`}
                        onRemove={() => {
                          release(image);
                          patch({ additional: form.additional.filter((x) => x.id !== image.id) });
                          setImageNotices([]);
                        }}
                      />
                    ))}
                  </SimpleGrid>
                )}
                <ImageDrop
                  label="Additional images"
                  testId="marketplace-images-input"
                  multiple
                  disabled={disabled}
                  onDrop={onAdditional}
                  onReject={(rejections) => onAdditional(rejections.map((r) => r.file))}
                  text="Drop images here, or click to choose them"
                />
                <Notices notices={imageNotices} testId="marketplace-image-notices" />
              </Stack>
            </Input.Wrapper>

            <TemplateContents appId={appId} withData={form.withData} onWithData={(v) => patch({ withData: v })} />

            {problem && (
              <Alert color="red" role="alert" data-testid="marketplace-form-problem">
                <Text size="sm">{problem.text}</Text>
                {problem.billing && (
                  <Anchor component={Link} to="/dashboard/accountbilling" size="sm">
                    Go to the billing page
                  </Anchor>
                )}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={busy !== null} disabled={lock !== null}>
                {submitLabel(editing)}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </form>
    </Box>
  );
}

/** A drop area for the pictures the marketplace takes (a file refused here is still checked, so the form says why in words). */
function ImageDrop({
  label,
  testId,
  multiple,
  disabled,
  onDrop,
  onReject,
  text,
}: {
  label: string;
  testId: string;
  multiple: boolean;
  disabled: boolean;
  onDrop: (files: File[]) => void;
  onReject: (rejections: FileRejection[]) => void;
  text: string;
}) {
  return (
    <Dropzone
      onDrop={onDrop}
      onReject={onReject}
      accept={[...MARKETPLACE_IMAGE_TYPES]}
      multiple={multiple}
      disabled={disabled}
      radius="md"
      p="sm"
      inputProps={{ 'aria-label': label, 'data-testid': testId } as React.InputHTMLAttributes<HTMLInputElement>}
    >
      <Group gap="sm" justify="center" style={{ pointerEvents: 'none' }}>
        <IconPhotoPlus size={24} />
        <Text size="sm">{text}</Text>
      </Group>
    </Dropzone>
  );
}
