// The body of 'Push to Marketplace' (shell §2.4, §4): the form when there is no request (or when
// editing a rejected one, or sending an update of a published one), else the status view. After a submit the request is reloaded and the
// dialog closes 3 s later; a pending submission can be cancelled (after a confirm).
import { Alert, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { MARKETPLACE_LIMITS, MARKETPLACE_MESSAGES } from '../../../shared/rules/marketplace';
import { InlineLoading } from '../../components/InlineLoading';
import { toast } from '../../lib/toast';
import { cancelRequest, reviewRequestKey, useEditorApp, useReviewRequest } from './api';
import { emptyFormState, formStateFromRequest, type MarketplaceFormState } from './form-state';
import { MarketplaceForm } from './MarketplaceForm';
import { StatusView } from './StatusView';

export function MarketplaceSection({
  appId,
  previewUrl,
  editing,
  onEditingChange,
  onOpenLive,
  onClose,
  onGallery,
}: {
  appId: string | undefined;
  previewUrl: string;
  /** Edit mode: Edit & Resubmit, or Submit an update (held by the dialog: its titles follow it). */
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  /** Opens the Push to Live section (the overlays' button). */
  onOpenLive: () => void;
  /** Closes the dialog (3 s after a successful submit). */
  onClose: () => void;
  /** 'Template Images' opened or closed. */
  onGallery?: (open: boolean) => void;
}) {
  const qc = useQueryClient();
  const request = useReviewRequest(appId);
  const app = useEditorApp(appId);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [cancelling, setCancelling] = useState(false);
  // A new form (empty, or pre-filled) each time the form opens: the key remounts it.
  const [formKey, setFormKey] = useState(0);
  const [initial, setInitial] = useState<MarketplaceFormState>(() => emptyFormState());
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (closeTimer.current && clearTimeout(closeTimer.current)), []);

  const reload = () => qc.invalidateQueries({ queryKey: reviewRequestKey(appId ?? '') });

  const cancel = () =>
    modals.openConfirmModal({
      title: 'Cancel this submission?',
      children: <Text size="sm">Your template leaves the review queue. You can submit it again later.</Text>,
      labels: { confirm: 'Cancel submission', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        if (!appId) return setNotice({ kind: 'error', text: MARKETPLACE_MESSAGES.cancelFailed });
        setCancelling(true);
        try {
          await cancelRequest(appId);
          setNotice({ kind: 'success', text: MARKETPLACE_MESSAGES.cancelled });
          toast.success('Marketplace', MARKETPLACE_MESSAGES.cancelled);
          setInitial(emptyFormState());
          setFormKey((k) => k + 1);
          onEditingChange(false);
          qc.setQueryData(reviewRequestKey(appId), null);
          await reload();
        } catch {
          setNotice({ kind: 'error', text: MARKETPLACE_MESSAGES.cancelFailed });
        } finally {
          setCancelling(false);
        }
      },
    });

  if (request.isPending && !!appId) return <InlineLoading />;

  const current = request.data ?? null;
  const showForm = !current || editing;
  return (
    <Stack gap="sm">
      {notice && (
        <Alert color={notice.kind === 'error' ? 'red' : 'teal'} role={notice.kind === 'error' ? 'alert' : 'status'} data-testid="marketplace-notice" withCloseButton onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {showForm ? (
        <MarketplaceForm
          key={formKey}
          appId={appId}
          app={app.data}
          appLoading={app.isPending && !!appId}
          previewUrl={previewUrl}
          initial={initial}
          editing={editing}
          onOpenLive={onOpenLive}
          onSubmitted={(saved) => {
            setNotice({ kind: 'success', text: MARKETPLACE_MESSAGES.submitted });
            toast.success('Marketplace', MARKETPLACE_MESSAGES.submitted);
            qc.setQueryData(reviewRequestKey(saved.app_id), saved);
            onEditingChange(false);
            void reload();
            closeTimer.current = setTimeout(onClose, MARKETPLACE_LIMITS.submitCloseMs);
          }}
        />
      ) : (
        <StatusView
          request={current}
          cancelling={cancelling}
          {...(onGallery ? { onGallery } : {})}
          onCancel={cancel}
          onEdit={() => {
            setNotice(null);
            setInitial(formStateFromRequest(current));
            setFormKey((k) => k + 1);
            onEditingChange(true);
          }}
        />
      )}
    </Stack>
  );
}
