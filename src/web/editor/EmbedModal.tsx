// The embed dialog (blocks-and-data §2 "Embed dialog (multipage)", shell §2.3 / §4): whole app,
// this page or one block, as an iframe snippet. Only public pages; auth pages and header/footer
// blocks are not offered; free plans get the upgrade prompt instead of the tool. The rules live
// in shared/rules/embed.ts. Failures (plan check, clipboard) are swallowed: the tool still shows.
import {
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconLock, IconRocket } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PLAN_MESSAGES } from '../../shared/rules/plans';
import { frameOf } from '../../blocks/schema-loaders';
import {
  canEmbedPage,
  EMBED_DEFAULT_HEIGHT,
  EMBED_DEFAULT_WIDTH,
  embeddableBlocks,
  embeddablePages,
  embedSnippet,
  embedUrl,
  fallbackSelection,
  INITIAL_EMBED_CHOICE,
  type EmbedChoice,
} from '../../shared/rules/embed';
import { useCatalogue, useWorkspace } from '../lib/queries';
import { toast } from '../lib/toast';

export const EMBED_TITLE = 'Embed your multipage app or a selected block';
export const NOT_PUBLIC_TEXT = 'Only public pages can be embedded.';
export const MAKE_PUBLIC_TEXT = 'You can make this page public in the page settings. (Make sure you save the settings!).';
export const NO_BLOCKS_TEXT = "You don't have blocks on this page!";
export const PAID_PLAN_TEXT = 'Embed feature requires a paid plan.';

/** A block as the dialog needs it (a BlockRecord fits). */
export interface EmbedModalBlock {
  id: string;
  type: string;
  title?: unknown;
}

/** A page as the dialog needs it (a PageRecord of GET /api/pages/{appId} fits). */
export interface EmbedModalPage {
  page_id: string;
  page_slug: string;
  page_name?: string;
  page_type?: string;
  is_auth?: boolean;
  is_public?: boolean;
  blocks?: readonly EmbedModalBlock[];
}

export interface EmbedModalProps {
  opened: boolean;
  onClose: () => void;
  /** The app's home URL (`http://{subdomain}.{host}/`). */
  url: string;
  /** The app's name: the iframe's title. */
  appName?: string;
  /** A board has one page: its choices collapse to the whole board or one block. */
  kind?: 'board' | 'multipage';
  /** The app's pages with their blocks, in order. */
  pages?: readonly EmbedModalPage[];
  /** The page open in the editor (this page's initial choice). */
  currentPageId?: string;
  /** The app's public flag (an embed of a private app shows nothing to visitors). */
  appPublic?: boolean;
  /** The owner's plan; when left out the dialog asks GET /api/board/workspace itself. */
  isFreePlan?: boolean;
}

export function EmbedModal(props: EmbedModalProps) {
  const { opened, onClose, kind = props.pages && props.pages.length > 1 ? 'multipage' : 'board' } = props;
  const workspace = useWorkspace(opened && props.isFreePlan === undefined);
  const free = props.isFreePlan ?? workspace.data?.is_free_plan === true;
  const checking = props.isFreePlan === undefined && workspace.isPending && opened;
  // Spec §8: a failed plan check says 'Failed to verify plan status' (and offers to try again).
  const failed = props.isFreePlan === undefined && workspace.isError && opened;
  const told = useRef(false);
  useEffect(() => {
    if (!opened) told.current = false;
    else if (failed && !told.current) {
      told.current = true;
      toast.error('Embed', PLAN_MESSAGES.checkFailed);
    } else if (free && !told.current) {
      told.current = true;
      toast.info('Embed', PAID_PLAN_TEXT);
    }
  }, [opened, free, failed]);

  return (
    <Modal opened={opened} onClose={onClose} title={kind === 'board' ? 'Embed Content' : EMBED_TITLE} size="lg" centered>
      {checking ? (
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      ) : failed ? (
        <Stack align="center" ta="center" data-testid="embed-plan-failed">
          <Text size="sm">{PLAN_MESSAGES.checkFailed}</Text>
          <Button variant="light" onClick={() => void workspace.refetch()} loading={workspace.isFetching}>
            Try again
          </Button>
        </Stack>
      ) : free ? (
        <UpgradePrompt onClose={onClose} />
      ) : (
        <EmbedTool {...props} kind={kind} />
      )}
    </Modal>
  );
}

const prettyType = (type: string) => {
  const s = type.replace(/[_-]+/g, ' ').trim();
  return s ? s[0]!.toUpperCase() + s.slice(1) : 'Block';
};

/** Inside the modal, so every opening starts again: whole app, 500 by 800, not full screen. */
function EmbedTool({ url, appName, kind, pages: given, currentPageId, appPublic = true }: EmbedModalProps & { kind: 'board' | 'multipage' }) {
  const board = kind === 'board';
  const catalogue = useCatalogue();
  // Without pages (an older caller), the app's home page stands for the whole board.
  const pages: readonly EmbedModalPage[] = given ?? [{ page_id: '', page_slug: '', page_type: 'home', is_public: true, blocks: [] }];
  const [choice, setChoice] = useState<EmbedChoice>(board ? 'page' : INITIAL_EMBED_CHOICE);
  const [pageId, setPageId] = useState<string | null>(currentPageId ?? null);
  const [blockId, setBlockId] = useState<string | null>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const [width, setWidth] = useState<number | string>(EMBED_DEFAULT_WIDTH);
  const [height, setHeight] = useState<number | string>(EMBED_DEFAULT_HEIGHT);

  // A board's only page is always its page, whatever its slug.
  const choices = board ? pages.slice(0, 1) : embeddablePages(pages);
  // The chosen page or block may disappear (deleted, turned into an auth page): first one then.
  const page = choices.find((p) => p.page_id === fallbackSelection(choices.map((p) => p.page_id), pageId)) ?? null;
  const blocks = embeddableBlocks(page?.blocks ?? [], frameOf);
  const block = blocks.find((b) => b.id === fallbackSelection(blocks.map((b) => b.id), blockId)) ?? null;
  const home = pages.find((p) => p.page_type === 'home') ?? pages[0] ?? null;

  const target = choice === 'app' ? home : page;
  const publicOk = canEmbedPage(target, appPublic);
  const missingBlock = choice === 'block' && !block;
  const src = embedUrl({ appUrl: url, choice, page, blockId: block?.id ?? null });
  const snippet = embedSnippet({ src, fullScreen, width, height, title: appName });

  const names = new Map((catalogue.data ?? []).map((c) => [c.type, c.name]));
  const counts = new Map<string, number>();
  const blockOptions = blocks.map((b) => {
    const base = (typeof b.title === 'string' && b.title.trim()) || names.get(b.type) || prettyType(b.type);
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    return { value: b.id, label: n > 1 ? `${base} (${n})` : base };
  });

  return (
    <Stack>
      <Radio.Group label="What to embed" value={choice} onChange={(v) => setChoice(v as EmbedChoice)}>
        <Stack gap="xs" mt={6}>
          {!board && <Radio value="app" label="The whole app" />}
          <Radio value="page" label={board ? 'The whole board' : 'This page'} />
          <Radio value="block" label="A specific block" />
        </Stack>
      </Radio.Group>

      {!board && choice !== 'app' && (
        <Select
          label="Page"
          data={choices.map((p) => ({ value: p.page_id, label: p.page_name || p.page_slug || 'Home' }))}
          value={page?.page_id ?? null}
          onChange={(v) => {
            setPageId(v);
            setBlockId(null);
          }}
          allowDeselect={false}
          nothingFoundMessage="No pages can be embedded"
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {choice === 'block' &&
        (blocks.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="embed-no-blocks">
            {NO_BLOCKS_TEXT}
          </Text>
        ) : (
          <Select
            label="Block"
            data={blockOptions}
            value={block?.id ?? null}
            onChange={setBlockId}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        ))}

      {!publicOk ? (
        <Alert color="yellow" icon={<IconLock size={18} />} title={NOT_PUBLIC_TEXT} data-testid="embed-not-public">
          {MAKE_PUBLIC_TEXT}
        </Alert>
      ) : (
        !missingBlock && (
          <>
            <Checkbox label="Full screen" checked={fullScreen} onChange={(e) => setFullScreen(e.currentTarget.checked)} />
            <Group grow>
              <NumberInput label="Width" value={width} onChange={setWidth} min={1} max={10000} suffix=" px" disabled={fullScreen} />
              <NumberInput label="Height" value={height} onChange={setHeight} min={1} max={10000} suffix=" px" disabled={fullScreen} />
            </Group>
            <Textarea
              label="Embed code"
              value={snippet}
              readOnly
              autosize
              minRows={3}
              styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Group justify="flex-end">
              <CopyButton value={snippet}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy code'}</Button>}</CopyButton>
            </Group>
          </>
        )
      )}
    </Stack>
  );
}

/** The free plan's prompt, shown instead of the embed tool (shell §4). */
function UpgradePrompt({ onClose }: { onClose: () => void }) {
  return (
    <Stack align="center" ta="center" data-testid="embed-upgrade">
      <ThemeIcon size={56} radius="xl" variant="light">
        <IconRocket size={30} />
      </ThemeIcon>
      <Title order={4}>{PAID_PLAN_TEXT}</Title>
      <Text size="sm" c="dimmed">
        Upgrade your workspace to put your apps on your own website. Sharing the app’s link stays free.
      </Text>
      <Group justify="center">
        <Button component={Link} to="/dashboard/accountbilling" color="teal">
          See plans
        </Button>
        <Button variant="default" onClick={onClose}>
          Got it
        </Button>
      </Group>
    </Stack>
  );
}

/** The upgrade prompt on its own, for callers that check the plan before opening the tool. */
export function UpgradeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Upgrade to embed" centered>
      <UpgradePrompt onClose={onClose} />
    </Modal>
  );
}
