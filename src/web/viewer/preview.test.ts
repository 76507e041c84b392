import { describe, expect, it, vi } from 'vitest';
import { MARKETPLACE_MESSAGES } from '../../shared/rules/marketplace';
import { ApiError } from '../lib/api';
import { isPreviewRefusal, notePreviewRefusal } from './preview';

describe('isPreviewRefusal', () => {
  it.each([
    [new ApiError(MARKETPLACE_MESSAGES.templatePreviewReadOnly, 403, [], null, 'forbidden'), true],
    [new ApiError('Access Denied', 403), false],
    [new ApiError(MARKETPLACE_MESSAGES.templatePreviewReadOnly, 400), false],
    [new Error(MARKETPLACE_MESSAGES.templatePreviewReadOnly), false],
    [null, false],
  ])('%j → %j', (e, expected) => {
    expect(isPreviewRefusal(e)).toBe(expected);
  });
});

describe('notePreviewRefusal', () => {
  it('calls back on the preview refusal and still rejects with it', async () => {
    const seen = vi.fn();
    const refusal = new ApiError(MARKETPLACE_MESSAGES.templatePreviewReadOnly, 403);
    await expect(notePreviewRefusal(Promise.reject(refusal), seen)).rejects.toBe(refusal);
    expect(seen).toHaveBeenCalledTimes(1);
  });
  it('leaves other outcomes alone', async () => {
    const seen = vi.fn();
    await expect(notePreviewRefusal(Promise.resolve(5), seen)).resolves.toBe(5);
    await expect(notePreviewRefusal(Promise.reject(new ApiError('Data Error', 409)), seen)).rejects.toThrow('Data Error');
    expect(seen).not.toHaveBeenCalled();
  });
});
