import { describe, expect, it } from 'vitest';
import type { BlockRecord } from '../../shared/settings/types';
import { blocksOfSection } from './board-sections';
import { toBoardState } from './board-state';

const block = (id: string, section: unknown): BlockRecord => ({ id, type: 'markdown', section, sheet_title: '', axis: [], actions: [] }) as unknown as BlockRecord;

describe('blocksOfSection: the current section and the blocks of none', () => {
  const blocks = [block('a', 'Sales'), block('b', ' stock '), block('c', ''), block('d', 'Gone'), block('e', 7)];
  it.each<[string, string | null, string[]]>([
    ['Sales', 'Sales', ['a', 'c', 'd', 'e']],
    ['Stock (case and spaces do not matter)', 'Stock', ['b', 'c', 'd', 'e']],
    ['no current section', null, ['a', 'b', 'c', 'd', 'e']],
  ])('%s', (_name, current, ids) => {
    expect(blocksOfSection(blocks, ['Sales', 'Stock'], current).map((b) => b.id)).toEqual(ids);
  });
  it('a board without sections shows every block', () => {
    expect(blocksOfSection(blocks, [], 'Sales')).toHaveLength(5);
  });
});

describe('toBoardState: the board settings the guest view draws', () => {
  it('reads hero, logo, sections, palette, footer and event; drops social links that are not http(s)', () => {
    const s = toBoardState({
      id: 'b1',
      name: 'N',
      hero: 'Hi',
      logo: '/api/uploads/abc',
      hero_image: 'https://x.example/h.png',
      hide_hero: true,
      hide_search: true,
      palette: '#ff0000, #00ff00',
      sections: 'A, B, ,A',
      active_section_text_color: '#111111',
      footer: { copyrightText: '© N', socialMediaIcons: [{ type: 'x', link: 'https://x.com/n' }, { type: 'x', link: 'javascript:alert(1)' }, 'junk'] },
      event: 'not an object',
    });
    expect(s).toMatchObject({ hero: 'Hi', logo: '/api/uploads/abc', heroImage: 'https://x.example/h.png', hideHero: true, hideSearch: true, palette: ['#ff0000', '#00ff00'], sections: ['A', 'B'] });
    expect(s.sectionColors).toEqual({ active_text: '#111111', inactive_text: '#4b5563', active_background: '#4f46e5' });
    expect(s.footer).toEqual({ logo: '', copyrightText: '© N', socialMediaIcons: [{ type: 'x', link: 'https://x.com/n' }] });
    expect(s.event).toEqual({ logo: '', copyrightText: '', socialMediaIcons: [] });
  });
  it('defaults: hero and search shown, no sections, no palette', () => {
    expect(toBoardState({ id: 'b' })).toMatchObject({ hideHero: false, hideSearch: false, sections: [], palette: [], hero: '' });
  });
});
