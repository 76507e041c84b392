// The `accept` of an upload: the form's file_mime_type (spec: all, image, video, audio, text, pdf,
// doc/docx, csv/xml/xls/xlsm/xlsx; default image/*), a MIME pattern (image/*, application/pdf) or
// an extension (.pdf), several separated by commas. Checked against the type detected from the
// file's bytes.
import { DOC, DOCX, EXTENSIONS, XLS, XLSM, XLSX } from './detect';

interface Category {
  label: string;
  matches: (type: string) => boolean;
}

const oneOf =
  (...types: string[]) =>
  (type: string) =>
    types.includes(type);

const CATEGORIES: Record<string, Category> = {
  all: { label: 'any file', matches: () => true },
  image: { label: 'images', matches: (t) => t.startsWith('image/') },
  video: { label: 'videos', matches: (t) => t.startsWith('video/') },
  audio: { label: 'audio files', matches: (t) => t.startsWith('audio/') },
  // A one-line CSV cannot be told from plain text, so plain text passes as CSV too.
  text: { label: 'text files', matches: oneOf('text/plain', 'text/csv') },
  pdf: { label: 'PDF files', matches: oneOf('application/pdf') },
  'doc/docx': { label: 'Word documents (doc, docx)', matches: oneOf(DOC, DOCX) },
  'csv/xml/xls/xlsm/xlsx': {
    label: 'spreadsheets (csv, xml, xls, xlsm, xlsx)',
    matches: oneOf('text/csv', 'text/plain', 'application/xml', XLS, XLSM, XLSX),
  },
};

function token(raw: string): Category | null {
  const t = raw.trim().toLowerCase();
  if (!t) return null;
  const category = CATEGORIES[t];
  if (category) return category;
  if (t === '*' || t === '*/*') return CATEGORIES.all!;
  if (t.startsWith('.')) {
    const ext = t.slice(1);
    const types = Object.entries(EXTENSIONS)
      .filter(([, exts]) => exts.includes(ext))
      .map(([type]) => type);
    return types.length ? { label: `.${ext} files`, matches: (type) => types.includes(type) } : null;
  }
  const m = /^([a-z0-9][a-z0-9.+-]*)\/(\*|[a-z0-9][a-z0-9.+-]*)$/.exec(t);
  if (!m) return null;
  if (m[2] === '*') {
    const category = CATEGORIES[m[1]!];
    return { label: category?.label ?? `${m[1]}/* files`, matches: (type) => type.startsWith(`${m[1]}/`) };
  }
  return { label: t, matches: (type) => type === t };
}

export interface AcceptRule {
  /** What is accepted, for messages: "images or PDF files". */
  label: string;
  matches: (type: string) => boolean;
}

/** The rule of an accept text, or null when it names nothing known. Empty means any file. */
export function acceptRule(accept: string | undefined | null): AcceptRule | null {
  if (!accept || !accept.trim()) return { label: 'any file', matches: () => true };
  const parts = accept.split(',').map(token);
  const known = parts.filter((p): p is Category => p !== null);
  if (known.length === 0) return null;
  const labels = [...new Set(known.map((k) => k.label))];
  return {
    label: labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}` : labels[0]!,
    matches: (type) => known.some((k) => k.matches(type)),
  };
}
