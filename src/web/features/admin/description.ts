// The template's description is rich HTML the server cleaned (sanitize-html) when it was stored and
// again when served. The admin page still shows it only inside a sandboxed frame (no scripts, no
// forms, no same-origin rights) with a policy that loads nothing but images and inline styles.
export const DESCRIPTION_SANDBOX = '';

export function descriptionDocument(html: string, origin: string): string {
  const base = origin.replace(/["<>&]/g, '');
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: blob: https: http:; style-src 'unsafe-inline'">`,
    `<base href="${base}/" target="_blank">`,
    '<style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:14px;line-height:1.5;color:#212529;margin:8px;overflow-wrap:anywhere}img{max-width:100%;height:auto}pre{white-space:pre-wrap}blockquote{border-left:3px solid #dee2e6;margin:0;padding-left:12px;color:#495057}</style>',
    '</head><body>',
    html,
    '</body></html>',
  ].join('');
}
