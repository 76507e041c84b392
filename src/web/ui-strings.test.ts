// Words on screen are for people who know spreadsheets, not code (issue 13 §4). This test reads
// the words the editor shows as data — every block kind's name, description, setting labels,
// descriptions and option labels — and the text of the web app's and blocks' .tsx files, and
// fails on developer talk: the spec, variants, stored-but-unused settings, raw type identifiers
// and zod's default English.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockSchemas } from '../blocks/schemas';
import { COLUMN_TYPE_LABELS } from '../shared/rows/column-types';
import { COMMON_SETTINGS } from '../shared/settings/common';
import { rowBlockSettings } from '../shared/settings/row-blocks';
import type { SettingsSchema } from '../shared/settings/types';
import { isVisible } from '../shared/settings/visibility';

interface Shown {
  where: string;
  kind: 'label' | 'description' | 'option' | 'name' | 'text';
  text: string;
}

/** Talk of the product's own documents or internals, anywhere on screen. */
const EVERYWHERE: [RegExp, string][] = [
  [/\bspec\b|\bspec's\b/i, 'mentions the spec'],
  [/\bvariants?\b/i, 'mentions variants'],
  [/\blegacy\b/i, 'says legacy'],
  [/Too big:|Too small:|expected string|expected number|Invalid input:|Invalid option:|expected one of/i, "is zod's default English"],
];
/** Descriptions of settings that do nothing yet ("Stored for the newer variant"). */
const IN_DESCRIPTIONS: [RegExp, string][] = [[/\bstored\b/i, 'talks of a stored value']];

/** Column type ids a person should see as their label ("Date and time", not datetime-local). */
const RAW_TYPE_IDS = new Set(Object.keys(COLUMN_TYPE_LABELS).filter((id) => COLUMN_TYPE_LABELS[id as keyof typeof COLUMN_TYPE_LABELS].toLowerCase() !== id));

function settingsStrings(schema: SettingsSchema, where: string, out: Shown[]) {
  for (const [key, s] of Object.entries(schema)) {
    if (s.hidden) continue;
    const at = `${where}.${key}`;
    if (s.label) out.push({ where: at, kind: 'label', text: s.label });
    if (s.description) out.push({ where: at, kind: 'description', text: s.description });
    for (const o of s.options ?? []) out.push({ where: `${at}[${o.value}]`, kind: 'option', text: o.label });
    if (s.patternMessage) out.push({ where: at, kind: 'text', text: s.patternMessage });
    if (s.item) settingsStrings(s.item, at, out);
  }
}

export function schemaStrings(): Shown[] {
  const out: Shown[] = [];
  for (const [kind, schema] of Object.entries(blockSchemas)) {
    out.push({ where: kind, kind: 'name', text: schema.name }, { where: kind, kind: 'description', text: schema.description });
    settingsStrings(schema.settings, kind, out);
    if (schema.axis) {
      if (schema.axis.label) out.push({ where: `${kind}.axis`, kind: 'label', text: schema.axis.label });
      settingsStrings(schema.axis.settings, `${kind}.axis`, out);
    }
    if (schema.actions) settingsStrings(schema.actions.settings, `${kind}.actions`, out);
    if (schema.filters) settingsStrings(schema.filters.settings, `${kind}.filters`, out);
  }
  return out;
}

export function problemsOf(shown: readonly Shown[]): string[] {
  const problems: string[] = [];
  for (const s of shown) {
    for (const [re, why] of EVERYWHERE) if (re.test(s.text)) problems.push(`${s.where} (${s.kind}) ${why}: ${JSON.stringify(s.text)}`);
    if (s.kind === 'description') for (const [re, why] of IN_DESCRIPTIONS) if (re.test(s.text)) problems.push(`${s.where} (${s.kind}) ${why}: ${JSON.stringify(s.text)}`);
    if ((s.kind === 'option' || s.kind === 'label') && RAW_TYPE_IDS.has(s.text)) problems.push(`${s.where} (${s.kind}) shows the type id ${JSON.stringify(s.text)}`);
  }
  return problems;
}

function tsxFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) tsxFiles(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** JSX text (between tags) and the string props people read, of one .tsx file, comments left out. */
export function tsxStrings(source: string, where: string): Shown[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const out: Shown[] = [];
  for (const m of code.matchAll(/>([^<>{}]*[A-Za-z][^<>{}]*)</g)) {
    const text = m[1]!.trim();
    // Between a `=>` or a comparison and a generic, not JSX text.
    if (text && !/[;=()]|&&|\|\|/.test(text)) out.push({ where, kind: 'text', text });
  }
  for (const m of code.matchAll(/\b(label|description|placeholder|title|aria-label|message|children)=["']([^"']+)["']/g)) {
    out.push({ where, kind: m[1] === 'description' ? 'description' : 'text', text: m[2]! });
  }
  for (const m of code.matchAll(/\b(label|description|placeholder|title|message):\s*'([^']+)'/g)) {
    out.push({ where, kind: m[1] === 'description' ? 'description' : 'text', text: m[2]! });
  }
  return out;
}

describe('words people read', () => {
  it('the patterns catch what they are for', () => {
    expect(
      problemsOf([
        { where: 'a', kind: 'description', text: "Stored for the newer variant; the board's filters apply to every block." },
        { where: 'b', kind: 'description', text: "Width of each item's image (the spec's column_width), e.g. 200px." },
        { where: 'c', kind: 'option', text: 'datetime-local' },
        { where: 'd', kind: 'option', text: 'markdowntext' },
        { where: 'e', kind: 'text', text: 'Too big: expected string to have <=100 characters' },
        { where: 'f', kind: 'text', text: 'Invalid option: expected one of "a"|"b"' },
      ]).length,
    ).toBe(7);
    expect(problemsOf([{ where: 'ok', kind: 'option', text: 'Date and time' }, { where: 'ok', kind: 'option', text: 'Text' }, { where: 'ok', kind: 'label', text: 'Email' }])).toEqual([]);
    expect(tsxStrings('<Text>See the spec</Text>\n// the spec in a comment\n<Button label="Legacy mode" />', 'x.tsx').map((s) => s.text)).toEqual(['See the spec', 'Legacy mode']);
  });

  it("every block kind's settings speak to people", () => {
    const shown = schemaStrings();
    expect(shown.length).toBeGreaterThan(300);
    expect(problemsOf(shown)).toEqual([]);
  });

  it('settings that cannot do anything yet are not offered', () => {
    // Section: offered since boards define sections (Board Settings) and the guest view lays blocks out by them (issue 18).
    expect(isVisible(COMMON_SETTINGS.section, {})).toBe(true);
    // Show filter of tables and lists: the board's own filters apply to every block.
    expect(isVisible(rowBlockSettings.show_filter, {})).toBe(false);
  });

  it("the web app's and blocks' screens speak to people", () => {
    const root = join(__dirname, '..');
    const shown = [...tsxFiles(join(root, 'web')), ...tsxFiles(join(root, 'blocks'))].flatMap((file) =>
      tsxStrings(readFileSync(file, 'utf8'), relative(root, file)),
    );
    expect(shown.length).toBeGreaterThan(200);
    expect(problemsOf(shown)).toEqual([]);
  });
});
