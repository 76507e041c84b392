import { describe, expect, it } from 'vitest';
import { blockSavedText, settingsSavedText } from './saved-words';

describe('what a save says', () => {
  it('a private app is never told its changes are live', () => {
    for (const isNew of [true, false])
      for (const multipage of [true, false]) expect(blockSavedText({ isNew, isPublic: false, multipage })).not.toMatch(/live/);
    expect(blockSavedText({ isNew: false, isPublic: false, multipage: true })).toBe(
      'Your changes are saved. The app is private: only you and your editors see it until you make it public (Publish → Privacy Settings).',
    );
    expect(settingsSavedText(false)).not.toMatch(/live/);
  });

  it('a public app is', () => {
    expect(blockSavedText({ isNew: false, isPublic: true, multipage: false })).toBe('Your changes are live.');
    expect(settingsSavedText(true)).toBe('Your changes are live.');
    expect(blockSavedText({ isNew: true, isPublic: true, multipage: true })).toBe('The block was added to this page.');
  });
});
