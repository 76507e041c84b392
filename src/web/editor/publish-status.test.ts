import { describe, expect, it } from 'vitest';
import { publishLook, publishStatusOf, sidebarPublishTone, type ReviewStatus } from './publish-status';

describe('the publish button follows the review request', () => {
  it.each([
    [null, 'default', 'Publish', false],
    [undefined, 'default', 'Publish', false],
    [{ status: 'pending' as const }, 'pending', 'Pending Review', false],
    [{ status: 'published' as const }, 'published', 'Published', false],
    [{ status: 'rejected' as const }, 'rejected', 'Rejected', false],
  ])('%j → %s', (request, status, label, disabled) => {
    expect(publishStatusOf(request)).toBe(status);
    expect(publishLook(publishStatusOf(request))).toMatchObject({ label, disabled });
  });

  it('has a disabled look', () => expect(publishLook('disabled').disabled).toBe(true));
});

describe("the multipage sidebar's publish tool looks like the top bar's button", () => {
  it('pending, published and rejected each have their own colours, and none looks like the default', () => {
    const statuses: ReviewStatus[] = ['default', 'pending', 'published', 'rejected'];
    for (const active of [false, true]) {
      const tones = statuses.map((s) => JSON.stringify(sidebarPublishTone(s, active)));
      expect(new Set(tones).size).toBe(statuses.length);
    }
    expect(sidebarPublishTone('pending', false).color).toBe(`var(--mantine-color-${publishLook('pending').color}-8)`);
    expect(sidebarPublishTone('rejected', false).color).toContain(publishLook('rejected').color);
    expect(sidebarPublishTone('published', false).color).toContain(publishLook('published').color);
  });
});
