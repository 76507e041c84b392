// The one refusal of a write through a template preview (shell §2.3: the preview is read-only),
// apart from the marketplace's messages so the guest's entry (viewer/preview.ts) does not carry
// all of them. MARKETPLACE_MESSAGES.templatePreviewReadOnly is this string.
export const TEMPLATE_PREVIEW_READ_ONLY = 'This is a template preview: changes are not saved.';
