// Preview mode of a board or multipage app (shell §2.3): `?preview=true` shows a banner with a
// button ('Use Template' unless `button_text` is given) and `template_data` as JSON text. Both
// values come from the address, so they are only ever rendered as text (React escapes them).
// The button runs §4's use-template flow; `open_clone_modal=true` opens the clone modal (a lazy
// chunk) for a signed-in visitor.
import { Button, Code, Group, Paper, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMe } from '../lib/queries';
import { useBaseUrl } from '../lib/host';
import { cloneModalKey, decideUseTemplate, lookupFailure, templatesUrl, withoutCloneModal } from '../features/templates/use-flow';
import { useFlowRunner } from '../features/templates/use-flow-runner';
import { TEMPLATE_MESSAGES } from '../../shared/rules/templates';
import type { BoardState } from './board-state';
import { previewParams, type PreviewParams } from './preview';

const CloneModal = lazy(() => import('../features/templates/CloneModal').then((m) => ({ default: m.CloneModal })));

export function PreviewBanner({ params: initial, board }: { params: PreviewParams; board: Pick<BoardState, 'subdomain' | 'canEdit'> }) {
  const location = useLocation();
  const navigate = useNavigate();
  // The address may change under the banner (open_clone_modal added or removed): read it live.
  const params = previewParams(location.search) ?? initial;
  const me = useMe();
  const base = useBaseUrl().data;
  const run = useFlowRunner(base);
  const signedIn = !!me.data;

  const startUse = () =>
    void run(
      decideUseTemplate({
        signedIn,
        canEdit: board.canEdit,
        templateId: params.templateId,
        boardKey: board.subdomain || null,
        baseUrl: base ?? window.location.origin,
      }),
    );

  const modalKey = cloneModalKey(params.templateId, board.subdomain || null);
  const closeModal = useCallback(() => navigate(`${location.pathname}${withoutCloneModal(location.search)}`, { replace: true }), [navigate, location.pathname, location.search]);
  const loadFailed = useCallback((status: number | undefined) => void run(lookupFailure(status, base ?? window.location.origin)), [run, base]);
  const showModal = params.openCloneModal && signedIn;
  const unidentified = showModal && !modalKey;
  useEffect(() => {
    if (unidentified) void run({ kind: 'fail', message: TEMPLATE_MESSAGES.unidentified, fallback: templatesUrl(base ?? window.location.origin) });
  }, [unidentified, run, base]);

  return (
    <Paper component="aside" aria-label="Template preview" radius={0} p="sm" bg="indigo.0" data-testid="preview-banner" style={{ borderBottom: '1px solid var(--mantine-color-indigo-2)' }}>
      <Group justify="space-between" wrap="wrap" gap="sm" maw={1440 - 64} mx="auto">
        <Text fw={600} size="sm">
          You are previewing a template.
        </Text>
        <Button size="xs" onClick={startUse} loading={me.isPending} data-testid="use-template">
          {params.buttonText}
        </Button>
      </Group>
      {params.templateData && (
        <Code block mt="xs" maw={1440 - 64} mx="auto" data-testid="template-data" style={{ maxHeight: 160, overflow: 'auto' }}>
          {params.templateData}
        </Code>
      )}
      {showModal && modalKey && (
        <Suspense fallback={null}>
          <CloneModal templateKey={modalKey} onClose={closeModal} onLoadFailed={loadFailed} />
        </Suspense>
      )}
    </Paper>
  );
}
