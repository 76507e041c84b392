// The product's date display (shell §9: US English, long month, hour and minute; 'N/A' when
// empty) for the instants the server sends (ISO with a zone), through the one formatter of
// src/shared/filters/dates.ts. Shown in the reader's own time zone. Shared by the admin area and
// the blog.
import { formatDisplayDate } from '../../shared/filters/dates';

export function formatInstant(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return 'N/A';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? 'N/A' : formatDisplayDate(d);
}
