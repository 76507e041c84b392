// Words of the editor's block settings that spreadsheet people read (issue 33 §4 "Words").
import { describe, expect, it } from 'vitest';
import { footerSchema } from '../../blocks/footer/schema';
import { formSchema } from '../../blocks/form/schema';
import { headerSchema } from '../../blocks/header/schema';
import { blockSettings } from '../../shared/settings/block';
import type { Setting } from '../../shared/settings/types';
import { editorBlockSettings, untitledBlockName } from './block-words';
import { itemHeading, labelOf } from './settings/context';

const formField = formSchema.axis!.settings;

describe('the form field settings', () => {
  it('the pattern setting is named and explained in words, with examples', () => {
    const s = formField.regex_validation!;
    expect(s.label).toBe('Allowed pattern');
    expect(s.label).not.toMatch(/regex/i);
    expect(s.description).toContain('^[0-9]{5}$ means exactly five digits');
    expect(s.description).toContain('Empty: any answer');
  });

  it('the default value says its two special words in a sentence', () => {
    const d = formField.default!.description!;
    expect(d).not.toContain("' = ");
    expect(d).toContain('Write today for the date of the day');
    expect(d).toContain('user_email for the e-mail address of the signed-in visitor');
  });
});

describe('one title per meaning', () => {
  it.each([
    ['header', headerSchema, 'HeaderTitle'],
    ['form', formSchema, 'titleForm'],
  ])('the %s tells its title bar apart from its own title', (_kind, schema, own) => {
    const all = blockSettings(schema);
    const titled = Object.entries(all).filter(([k, s]) => /title$/i.test(labelOf(k, s.label)));
    expect(titled.map(([k]) => k)).toEqual([own]);
    expect(all.title!.label).toBe('Title bar');
    expect(all.title!.description).toMatch(/Empty: no bar/);
    // Still the common setting: same type and default.
    expect(all.title!.type).toBe('input');
    expect(all.title!.default).toBe('');
  });
});

describe('items of a list are named by what they hold', () => {
  const contacts = footerSchema.settings.contactItems as Setting;
  const social = footerSchema.settings.socialItems as Setting;

  it('contact and social items: their word, number and content, never "Contact items 1"', () => {
    expect(itemHeading('contactItems', contacts, { type: 'email', value: 'hello@example.com', label: 'Email' }, 1)).toBe('Contact 2 · Email: hello@example.com');
    expect(itemHeading('socialItems', social, { type: 'instagram', link: 'https://www.instagram.com/' }, 0)).toBe('Social link 1 · instagram: https://www.instagram.com/');
    expect(itemHeading('contactItems', contacts, { type: 'phone', value: '', label: '' }, 2)).toBe('Contact 3 · Phone');
  });

  it('a list without its own word is made singular; long content is cut with an ellipsis', () => {
    const sublinks = footerSchema.settings.footerSublinks as Setting;
    expect(itemHeading('footerSublinks', sublinks, { text: '', url: '' }, 0)).toBe('Sub-link 1');
    const heading = itemHeading('footerSublinks', sublinks, { text: 'Privacy', url: `https://example.com/${'a'.repeat(80)}` }, 0);
    expect(heading.startsWith('Sub-link 1 · Privacy: https://example.com/')).toBe(true);
    expect(heading.endsWith('…')).toBe(true);
  });
});

describe('blocks in the editor', () => {
  it('an untitled block is named by its kind alone', () => {
    expect(untitledBlockName(headerSchema)).toBe('Header');
    expect(untitledBlockName(undefined)).toBe('Block');
  });

  it('a multipage page offers no board Section setting; a board does', () => {
    expect(editorBlockSettings(formSchema, false).section?.description).toContain('Board Settings → Sections');
    expect(editorBlockSettings(formSchema, true)).not.toHaveProperty('section');
    expect(Object.keys(editorBlockSettings(formSchema, true))).toContain('title');
  });
});
