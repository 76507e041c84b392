// The one toast of a refused write in a template preview (shell §2.3: the preview is read-only).
// A fixed id: Mantine ignores a second show while the first is up, so several refusals make one toast.
import { notifications } from '@mantine/notifications';
import { TEMPLATE_PREVIEW_READ_ONLY } from '../../shared/rules/template-preview';

export const PREVIEW_REFUSAL_TOAST_ID = 'template-preview-read-only';

export function showPreviewRefusal(): void {
  notifications.show({
    id: PREVIEW_REFUSAL_TOAST_ID,
    color: 'yellow',
    title: 'Template preview',
    message: TEMPLATE_PREVIEW_READ_ONLY,
    'data-toast': 'warning',
  } as Parameters<typeof notifications.show>[0]);
}
