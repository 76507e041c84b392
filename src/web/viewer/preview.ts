// Preview mode of a multipage app (shell §2.3): `?preview=true`, the banner's button text
// (`button_text`, default 'Use Template') and `template_data` shown as JSON text.
export interface PreviewParams {
  buttonText: string;
  /** template_data pretty-printed when it is JSON, else as given; '' when absent. */
  templateData: string;
  templateId: string | null;
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
  return { buttonText: q.get('button_text')?.trim() || 'Use Template', templateData, templateId: q.get('template_id') };
}

