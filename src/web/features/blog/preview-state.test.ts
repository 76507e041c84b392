import { describe, expect, it } from 'vitest';
import { formatInstant } from '../../lib/dates';
import { previewBannerText, previewKind, previewStatusLabel } from './preview-state';

const now = Date.parse('2026-11-25T12:00:00Z');

describe('the preview banner', () => {
  it('tells a draft from a scheduled post', () => {
    expect(previewKind(true, null, now)).toBe('draft');
    expect(previewKind(true, '2026-11-24T12:00:00Z', now)).toBe('draft');
    expect(previewKind(true, '2026-12-01T09:30:00Z', now)).toBe('scheduled');
    expect(previewKind(false, '2026-11-24T12:00:00Z', now)).toBe('live');
    expect(previewKind(true, 'not a date', now)).toBe('draft');
  });

  it('says so in the spec’s date display', () => {
    expect(previewBannerText('draft', null)).toBe('Preview — this post is not published yet');
    expect(previewBannerText('scheduled', '2026-12-01T09:30:00Z')).toBe(`Preview — this post is scheduled for ${formatInstant('2026-12-01T09:30:00Z')}`);
    expect(formatInstant('2026-12-01T09:30:00Z')).toMatch(/^December 1, 2026, \d{1,2}:30 (AM|PM)$/);
    expect(previewStatusLabel(null, now)).toBe('Draft');
    expect(previewStatusLabel('2026-12-01T09:30:00Z', now)).toBe('Scheduled');
  });
});
