// Preview mode of a multipage app (shell §2.3): `?preview=true`, the banner's button text
// (`button_text`, default 'Use Template') and `template_data` shown as JSON text.
import { TEMPLATE_PREVIEW_READ_ONLY } from '../../shared/rules/template-preview';
import { TEMPLATE_MESSAGES } from '../../shared/rules/templates';

export interface PreviewParams {
  buttonText: string;
  /** template_data pretty-printed when it is JSON, else as given; '' when absent. */
  templateData: string;
  templateId: string | null;
  /** §4's open_clone_modal: the clone modal opens at once (for a signed-in visitor). */
  openCloneModal: boolean;
}

/** Null unless the address asks for preview mode. */
export function previewParams(search: string): PreviewParams | null {
  const q = new URLSearchParams(search);
  if (q.get('preview') !== 'true') return null;
  const raw = q.get('template_data') ?? '';
  let templateData = raw;
  try {
    if (raw) templateData = JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    /* not JSON: shown as written */
  }
  return {
    buttonText: q.get('button_text')?.trim() || TEMPLATE_MESSAGES.useTemplate,
    templateData,
    templateId: q.get('template_id')?.trim() || null,
    openCloneModal: q.get('open_clone_modal') === 'true',
  };
}

/**
 * The server's refusal of a write through a template preview (403 with the one preview text):
 * forms, row edits, uploads, comments and actions of a previewed template all end in it.
 */
export function isPreviewRefusal(e: unknown): boolean {
  return !!e && typeof e === 'object' && (e as { status?: unknown }).status === 403 && (e as { message?: unknown }).message === TEMPLATE_PREVIEW_READ_ONLY;
}

/**
 * `p`, with `onRefusal` called when it is the preview's refusal (the viewer toasts it, so the
 * reason shows even where a block puts its own error text first). The error still reaches the block.
 */
export function notePreviewRefusal<T>(p: Promise<T>, onRefusal: () => void): Promise<T> {
  return p.catch((e: unknown) => {
    if (isPreviewRefusal(e)) onRefusal();
    throw e;
  });
}
