import { describe, expect, it } from 'vitest';
import { publishLook, publishStatusOf } from './publish-status';

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
