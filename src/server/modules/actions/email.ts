// The e-mail of a 'Compose Email' action: to the address in the row's `source_column`, subject the
// action's title (else the block's), body `pdf_template` with {{Column}} filled, else every column
// as "Name: value". Pure; the service sends it through the mailer.
import type { RowValues } from './api-call';

/** One plain address, no display name or list: a cell cannot add recipients or headers. */
const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isAddress(value: string): boolean {
  return value.length <= 320 && ADDRESS.test(value);
}

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(cell).join(', ');
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** {{Column}} (spaces inside the braces allowed) becomes the row's value; unknown names stay as written. */
export function fillTemplate(template: string, row: RowValues): string {
  return template.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(row, name) && name !== '_id' && name !== '_version' ? cell(row[name]) : whole,
  );
}

export function mailBody(template: unknown, row: RowValues): string {
  if (typeof template === 'string' && template.trim() !== '') return fillTemplate(template, row);
  return Object.entries(row)
    .filter(([k]) => k !== '_id' && k !== '_version')
    .map(([k, v]) => `${k}: ${cell(v)}`)
    .join('\n');
}

/** Subject line: one line, at most 200 characters. */
export function mailSubject(actionTitle: unknown, blockTitle: unknown, appName: string): string {
  const pick = [actionTitle, blockTitle].find((t) => typeof t === 'string' && t.trim() !== '') as string | undefined;
  return (pick ?? `Message from ${appName}`).replace(/[\r\n]+/g, ' ').trim().slice(0, 200);
}
