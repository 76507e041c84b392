// Tutorial Videos: a multipage app's editor is taught with its own left bar; every video has a
// poster, so the player shows a frame of the product instead of black (issue 33 §4).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUIDES, guidesFor } from './guides';
import { TUTORIAL_VIDEOS } from './tutorial-videos';

const PUBLIC = join(__dirname, '../public');
const text = (multipage: boolean) => guidesFor(multipage).flatMap((g) => [g.label, g.intro, ...g.steps]).join('\n');

describe('Tutorial Videos', () => {
  it('a multipage app names no board-only tool (Filters, Board Settings)', () => {
    expect(text(true)).not.toMatch(/Filters|Board Settings|filter bar/);
    expect(text(false)).toContain('Click “Filters” in the left bar');
    expect(guidesFor(false)).toBe(GUIDES);
  });

  it('a multipage app is taught with its own left bar, and shows no board-only video', () => {
    const tabs = guidesFor(true);
    expect(tabs.map((g) => g.label)).toEqual(['App Settings', 'Add Block', 'Publish to MarketPlace']);
    for (const item of ['Pages', 'App Settings', 'Users', 'Spreadsheet', 'New Block', 'Publish']) expect(text(true)).toContain(`“${item}”`);
    expect(tabs.map((g) => g.video)).not.toContain('board');
  });

  it('every recording has a poster image the app serves', () => {
    for (const [name, video] of Object.entries(TUTORIAL_VIDEOS)) {
      expect(video.poster, name).toMatch(new RegExp(`^/tutorials/${name}-[0-9a-f]{10}\\.jpg$`));
      expect(existsSync(join(PUBLIC, video.poster!)), video.poster).toBe(true);
      expect(existsSync(join(PUBLIC, video.src)), video.src).toBe(true);
    }
    expect(Object.keys(TUTORIAL_VIDEOS).length).toBe(3);
  });
});
