// Issue 11's "done when": code outside the catalogue asks for a block kind's needs (its schema's
// `needs`, through needsOf / kindsThat / frameOf), never for its name. So no block kind name, the
// legacy ones included, is a string literal in src/web/viewer or src/server, nor (going further
// than the issue asks) anywhere else in src/web or in src/shared. The kind list comes from the
// registry, so a new kind is covered the moment it is registered.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LEGACY_KINDS } from './legacy-kinds';
import { BLOCK_KINDS } from './schemas';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['src/web', 'src/server', 'src/shared'];
const KINDS = [...BLOCK_KINDS, ...Object.keys(LEGACY_KINDS)];

/**
 * Tests and their helpers build block records of named kinds on purpose: they are fixtures, not
 * code that decides what a kind does.
 */
const isTestFile = (path: string) => /\.test\.tsx?$/.test(path) || /^src\/server\/testing\/app\.ts$/.test(path);

/**
 * Literals that spell a kind's name but name something else. Keyed by file and line pattern (not
 * by file alone), so a real kind check in the same file still fails; every entry must still match.
 */
const NOT_KINDS: { file: string; line: RegExp; why: string }[] = [
  { file: 'src/web/features/marketplace/MarketplaceForm.tsx', line: /display: 'grid'/, why: 'the CSS display of the thumbnail preview' },
  { file: 'src/server/testing/stripe.ts', line: /object: 'event'/, why: "Stripe's object type of a webhook event" },
  { file: 'src/server/testing/stripe.ts', line: /object: 'list'/, why: "Stripe's object type of a page of results" },
  { file: 'src/server/modules/developer/tokens.ts', line: /\['list'\]/, why: "the tokens repo's list method" },
  { file: 'src/web/features/developer/reference.ts', line: /`list of \$\{|: 'list';/, why: 'the API reference names an array type "list" in words' },
  { file: 'src/web/viewer/block-comments.ts', line: /queryKey: \['comments', id/, why: 'the query-cache key of comment pages' },
  { file: 'src/web/viewer/app-auth.ts', line: /queryKey: \['comments'\]/, why: 'the query-cache key of comment pages' },
  { file: 'src/web/viewer/block-chart.ts', line: /queryKey: \['sheet', [^\]]*'chart'/, why: 'the query-cache key of grouped chart data' },
  { file: 'src/server/modules/uploads/service.ts', line: /SettingMediaKind = 'image' \| 'video' \| 'audio'/, why: 'media types of an upload' },
  { file: 'src/server/modules/uploads/routes.ts', line: /z\.enum\(\['image', 'video', 'audio'\]\)/, why: 'media types of an upload' },
  { file: 'src/server/data/comments/repo.ts', line: /(insertInto|selectFrom|deleteFrom)\('comments'\)/, why: 'the comments table' },
  { file: 'src/server/db/migrations/0005_comments.ts', line: /(createTable|on|dropTable)\('comments'\)/, why: 'the comments table' },
  { file: 'src/server/modules/charts/service.ts', line: /(path: 'chart'|\['chart', \.\.\.issue)/, why: 'the `chart` query parameter' },
  { file: 'src/web/editor/settings/media-upload.ts', line: /(MediaKind = 'image' \| 'video' \| 'audio'|return '(video|audio)';)/, why: 'media types of an upload' },
  { file: 'src/server/db/migrations/0016_google_sheets.ts', line: /addColumn\('header'/, why: "a Google tab's header row as last read" },
  { file: 'src/server/platform/google.ts', line: /Options\['auth'\]/, why: "the Google clients' `auth` option" },
  { file: 'src/server/modules/spreadsheets/service.ts', line: /path: 'header'/, why: "the import's `header` field (first row holds the column names)" },
  { file: 'src/web/features/data-editor/SheetEditor.tsx', line: /role="grid"/, why: 'the ARIA grid role of the data editor' },
  { file: 'src/server/modules/blocks/service.ts', line: /const what = rank === 0 \? 'header' : 'footer';/, why: 'the word in the refusal of a second header or footer' },
  { file: 'src/server/db/migrations/0012_app_frame.ts', line: /kind === 'header'/, why: 'a landed migration names the kinds it moves, so its meaning never changes' },
  { file: 'src/shared/settings/types.ts', line: /BlockCategory = /, why: "the block picker's categories" },
  { file: 'src/shared/rules/embed.ts', line: /^\s*'(login|register|auth)',$/, why: 'page slugs that are never embedded' },
  { file: 'src/shared/settings/board-state.ts', line: /(group\?: 'footer' \| 'event'|group: '(footer|event)'|value: '(footer|event)')/, why: "the board state's footer and event groups (blocks-and-data §3)" },
  { file: 'src/web/viewer/BoardChrome.tsx', line: /(variant: 'footer' \| 'event'|isEvent = variant === 'event'|component=\{isEvent \? 'aside' : 'footer'\})/, why: "the board state's footer and event groups (blocks-and-data §3); the HTML footer element" },
  { file: 'src/web/viewer/GuestView.tsx', line: /<BoardFooter board=\{board\} variant="(event|footer)" \/>/, why: "the board state's footer and event groups (blocks-and-data §3)" },
];

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return walk(p);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The kind names a line of code spells as a whole string literal ('map', "map" or `map`). */
export function kindLiterals(line: string, kinds: readonly string[]): string[] {
  const code = line.trim();
  // Comments may name kinds: they explain, they do not decide.
  if (code.startsWith('//') || code.startsWith('/*') || code.startsWith('*')) return [];
  const out: string[] = [];
  // A JSX `component="form"` (Mantine's polymorphic prop) names the HTML element it renders as.
  for (const m of code.replace(/\bcomponent="[a-z]+"/g, '').matchAll(/'([^'\\]*)'|"([^"\\]*)"|`([^`\\$]*)`/g)) {
    const text = m[1] ?? m[2] ?? m[3] ?? '';
    if (kinds.includes(text)) out.push(text);
  }
  return out;
}

interface Offence {
  file: string;
  line: number;
  text: string;
  kinds: string[];
}

/** Every line of the files that spells a kind name and is not a listed exception. */
export function offences(files: { file: string; source: string }[], kinds: readonly string[], allowed = NOT_KINDS): Offence[] {
  const out: Offence[] = [];
  for (const { file, source } of files)
    source.split('\n').forEach((text, i) => {
      const found = kindLiterals(text, kinds);
      if (found.length === 0) return;
      if (allowed.some((a) => a.file === file && a.line.test(text))) return;
      out.push({ file, line: i + 1, text: text.trim(), kinds: found });
    });
  return out;
}

const files = SCANNED.flatMap((dir) => walk(join(ROOT, dir)))
  .map((p) => relative(ROOT, p).split('\\').join('/'))
  .filter((file) => !isTestFile(file))
  .map((file) => ({ file, source: readFileSync(join(ROOT, file), 'utf8') }));

describe('block kind names outside the catalogue', () => {
  it('scans the viewer, the rest of the web app, the server and src/shared', () => {
    expect(files.length).toBeGreaterThan(50);
    for (const dir of ['src/web/viewer/', 'src/web/editor/', 'src/server/', 'src/shared/']) expect(files.some((f) => f.file.startsWith(dir)), dir).toBe(true);
  });

  it('no file of src/web, src/server or src/shared asks for a block kind by name', () => {
    expect(offences(files, KINDS)).toEqual([]);
  });

  it.each(NOT_KINDS.map((a) => [a.file, a.why, a] as const))('the exception in %s (%s) still matches a line', (file, _, a) => {
    const source = files.find((f) => f.file === file)?.source ?? '';
    expect(source.split('\n').some((l) => a.line.test(l) && kindLiterals(l, KINDS).length > 0)).toBe(true);
  });

  // The matcher itself, on sample lines: it would catch the checks this issue removed.
  it.each([
    ["  if (block.type === 'map' && block.sheet_title === sheetTitle)", ['map']],
    ['const FRAME_KINDS = new Set(["header", "footer"]);', ['header', 'footer']],
    ['  const isComments = schema?.kind === `comments`;', ['comments']],
    ["  if (record.type === 'score_card') return up(record);", ['score_card']],
    ["  return block.type === 'form' ? 'form' : block.type === 'list' ? 'list' : 'table';", ['form', 'form', 'list', 'list', 'table']],
    ["  const url = '/api/blocks/comments'; const m = 'maps';", []],
    ["  // a map's columns: block.type === 'map'", []],
    [" * hide_header drops 'header' blocks", []],
    ["  if (needsOf(block.type).comments !== true) throw badRequest(M.notComments);", []],
    ['  <Paper component="form" onSubmit={submit}>', []],
    ['  <Box component="footer" data-kind="footer">', ['footer']],
  ])('kindLiterals(%j) → %j', (line, expected) => {
    expect(kindLiterals(line, KINDS)).toEqual(expected);
  });

  it('fails on a kind check, also in a file that has an exception for another line', () => {
    const sample = [
      { file: 'src/server/data/comments/repo.ts', source: "db.selectFrom('comments')\nif (block.type === 'comments') return;" },
      { file: 'src/web/viewer/x.ts', source: "const isMap = schema?.kind === 'map';" },
    ];
    expect(offences(sample, KINDS)).toEqual([
      { file: 'src/server/data/comments/repo.ts', line: 2, text: "if (block.type === 'comments') return;", kinds: ['comments'] },
      { file: 'src/web/viewer/x.ts', line: 1, text: "const isMap = schema?.kind === 'map';", kinds: ['map'] },
    ]);
  });
});
