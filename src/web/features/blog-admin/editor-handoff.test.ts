import { describe, expect, it, vi } from 'vitest';
import type { BlogPostAdmin } from '../../../shared/api/blog';
import { holdHandoff, leaveHandoff, peekHandoff } from './editor-handoff';
import { EMPTY_FORM } from './post-form';

const post = { id: 'p9' } as BlogPostAdmin;

describe('the editor’s hand-off across the first save', () => {
  it('survives the editor being replaced at the new address and goes when no editor holds it', () => {
    vi.useFakeTimers();
    leaveHandoff({ post, form: EMPTY_FORM, dirty: false });
    const releaseOld = holdHandoff('p9');
    releaseOld();
    const releaseNew = holdHandoff('p9');
    vi.runAllTimers();
    expect(peekHandoff('p9')?.post.id).toBe('p9');
    releaseNew();
    vi.runAllTimers();
    expect(peekHandoff('p9')).toBeUndefined();
    expect(peekHandoff(undefined)).toBeUndefined();
    vi.useRealTimers();
  });
});
