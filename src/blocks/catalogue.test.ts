// The catalogue test of ARCHITECTURE.md, run for every block kind.
import { describe, expect, it } from 'vitest';
import { blockDefaults, blockSettings, normalizeBlock, validateBlock } from '../shared/settings/block';
import { SETTING_TYPES, type BlockSchema, type SettingsSchema } from '../shared/settings/types';
import { ruleKeys } from '../shared/settings/visibility';
import { BLOCK_KINDS, blockSchemas, kindsThat, resolveKind } from './schemas';
import { LEGACY_KINDS } from './legacy-kinds';
import { exampleBoardBlocks, starterKinds } from './starters';
import { blockViews, viewKinds } from './views';

const kinds = Object.entries(blockSchemas) as [string, BlockSchema][];

/** Every settings level of a schema (block, axis, actions, filters, and array items), named. */
function levels(schema: BlockSchema): [string, SettingsSchema][] {
  const out: [string, SettingsSchema][] = [['block', blockSettings(schema)]];
  if (schema.axis) out.push(['axis', schema.axis.settings]);
  if (schema.actions) out.push(['actions', schema.actions.settings]);
  if (schema.filters) out.push(['filters', schema.filters.settings]);
  for (const [name, level] of [...out])
    for (const [key, s] of Object.entries(level)) if (s.item) out.push([`${name}.${key}[]`, s.item]);
  return out;
}

/** The required settings a fresh block leaves empty: the user must choose them. */
const REQUIRED_EMPTY: Record<string, string[]> = {
  chart: ['x_axis', 'sheet_title', 'axis.0.column'],
  table: ['sheet_title'],
  list: ['sheet_title'],
  scorecard: ['axis.0.source'],
  map: ['sheet_title', 'axis.0.title', 'axis.0.description', 'axis.0.address', 'axis.0.image'],
  form: ['sheet_title', 'axis.0.column'],
  calendar: ['sheet_title', 'start_time_column', 'event_title_column'],
  data_list: ['sheet_title'],
  grid: ['sheet_title'],
  markdown: [],
  iframe: [],
  video: [],
  audio: [],
  comments: [],
  event: [],
  header: [],
  footer: [],
  banner_hero: [],
  item_details: ['sheet_title'],
  image_gallery: ['sheet_title', 'image_column'],
  image_grid: [],
  image_accordion: [],
  image_text: [],
  testimonial: ['sheet_title', 'testimonial_text'],
  faq: ['sheet_title', 'question_column', 'answer_column'],
  login: [],
  register: [],
  forgot_password: [],
  auth: [],
};

describe('block catalogue', () => {
  it('kinds are unique, snake_case and keyed by their own kind', () => {
    expect(new Set(BLOCK_KINDS).size).toBe(BLOCK_KINDS.length);
    for (const [key, schema] of kinds) {
      expect(schema.kind).toBe(key);
      expect(key).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(resolveKind(key)).toBe(key);
    }
  });

  it('every legacy kind is renamed to a catalogue kind, and none is one itself', () => {
    for (const [legacy, kind] of Object.entries(LEGACY_KINDS)) {
      expect(Object.hasOwn(blockSchemas, kind), `${legacy} → ${kind}`).toBe(true);
      expect(Object.hasOwn(blockSchemas, legacy), legacy).toBe(false);
      expect(resolveKind(legacy)).toBe(kind);
    }
  });

  it('every kind has a view, and every view a kind', () => {
    expect([...viewKinds].sort()).toEqual([...BLOCK_KINDS].sort());
    for (const kind of BLOCK_KINDS) expect(blockViews[kind]).toBeDefined();
  });

  it('the required-but-empty list covers exactly the catalogue', () => {
    expect(Object.keys(REQUIRED_EMPTY).sort()).toEqual([...BLOCK_KINDS].sort());
  });

  describe.each(kinds)('%s', (kind, schema) => {
    it('has a name, description, category and icon', () => {
      expect(schema.name).toBeTruthy();
      expect(schema.description).toBeTruthy();
      expect(['data', 'charts', 'media', 'layout', 'content', 'auth']).toContain(schema.category);
      expect(schema.icon).toBeTruthy();
      expect(['paged', 'all', 'none', 'aggregate', 'row']).toContain(schema.data);
    });

    it('survives a JSON round trip (schemas are data)', () => {
      expect(JSON.parse(JSON.stringify(schema))).toStrictEqual(schema);
    });

    it('its defaults validate except for the required fields left empty', () => {
      const issues = validateBlock(schema, blockDefaults(schema, 'new'));
      expect(issues.map((i) => i.path).sort()).toEqual([...REQUIRED_EMPTY[kind]!].sort());
      for (const i of issues) expect(i.message).toMatch(/required|Choose/);
    });

    it.each(levels(schema))('%s level: types, showIf keys, select defaults, ranges', (_, level) => {
      for (const [key, s] of Object.entries(level)) {
        const where = `${kind}.${key}`;
        expect(SETTING_TYPES, where).toContain(s.type);
        if (s.showIf) for (const k of ruleKeys(s.showIf)) expect(Object.keys(level), `${where} showIf ${k}`).toContain(k);
        if (s.showIf) expect(ruleKeys(s.showIf), `${where} cannot hide on itself`).not.toContain(key);
        if (s.type === 'select') {
          const values = (s.options ?? []).map((o) => o.value);
          expect(values.length, `${where} has options`).toBeGreaterThan(0);
          expect(new Set(values).size, `${where} options unique`).toBe(values.length);
          expect(values, `${where} default`).toContain(s.default);
        }
        if (s.options) expect(s.type, `${where} options only on select`).toBe('select');
        if (['number', 'range', 'slider'].includes(s.type) && typeof s.default === 'number') {
          if (s.min !== undefined) expect(s.default, `${where} ≥ min`).toBeGreaterThanOrEqual(s.min);
          if (s.max !== undefined) expect(s.default, `${where} ≤ max`).toBeLessThanOrEqual(s.max);
        }
        if (s.min !== undefined && s.max !== undefined) expect(s.min, `${where} min ≤ max`).toBeLessThanOrEqual(s.max);
        if (s.type === 'array') expect(Array.isArray(s.default), `${where} array default`).toBe(true);
        if (s.type === 'colors') expect(Array.isArray(s.default), `${where} colors default`).toBe(true);
        // List rules (shared/settings/arrays.ts) name real settings; patterns compile.
        for (const m of s.maxItemsWhen ?? []) for (const k of ruleKeys(m.when)) expect(Object.keys(level), `${where} maxItemsWhen ${k}`).toContain(k);
        if (s.urlWhen) for (const k of ruleKeys(s.urlWhen)) expect(Object.keys(level), `${where} urlWhen ${k}`).toContain(k);
        if (s.nextUnused) expect(s.item?.[s.nextUnused]?.type, `${where} nextUnused names a select`).toBe('select');
        for (const k of s.clearsOnChange ?? []) expect(Object.keys(level), `${where} clearsOnChange ${k}`).toContain(k);
        if (s.pattern) expect(() => new RegExp(s.pattern!, 'i'), `${where} pattern`).not.toThrow();
      }
    });

    it('axis and action limits are sane', () => {
      if (schema.axis) {
        const { min = 0, max = Infinity } = schema.axis;
        expect(min).toBeGreaterThanOrEqual(0);
        expect(min).toBeLessThanOrEqual(max);
      }
      if (schema.actions) expect(schema.actions.max).toBeLessThanOrEqual(2);
    });
  });
});

// What code outside src/blocks reads because a kind declares a need (shared/settings/types.ts
// BlockNeeds): each declaration must name settings the kind really has, or the server and the
// renderer would read nothing.
describe('declared needs', () => {
  const withNeeds = kinds.filter(([, s]) => s.needs);
  const axisSetting = (schema: BlockSchema, key: string) => schema.axis?.settings[key];
  const optionsOf = (schema: BlockSchema, key: string) => (axisSetting(schema, key)?.options ?? []).map((o) => o.value);

  it('some kinds declare needs, and only known ones', () => {
    expect(withNeeds.length).toBeGreaterThan(0);
    for (const [kind, schema] of withNeeds)
      expect(['geocodes', 'comments', 'frame', 'rowWrites', 'appAuth', 'ownHeight', 'detailPage'], kind).toEqual(expect.arrayContaining(Object.keys(schema.needs!)));
  });

  it.each(kinds.filter(([, s]) => s.needs?.geocodes))('%s: geocodes names column settings of its axis', (kind, schema) => {
    const g = schema.needs!.geocodes!;
    for (const key of [g.address, g.latitude, g.longitude]) expect(axisSetting(schema, key)?.type, `${kind} axis.${key}`).toBe('sheet_columns');
    expect(schema.usesSheet).toBe(true);
  });

  it.each(kinds.filter(([, s]) => s.needs?.comments))('%s: comments has its page size setting', (_, schema) => {
    // web/viewer/block-comments.ts pages with it (shared/rules/comments.ts commentsPerPage).
    expect(schema.settings.comments_per_page?.type).toBe('select');
  });

  it.each(kinds.filter(([, s]) => s.needs?.rowWrites))('%s: rowWrites names the settings the rows service reads', (kind, schema) => {
    const w = schema.needs!.rowWrites!;
    expect(w.noun, kind).toMatch(/^[a-z][a-z ]*$/);
    expect(schema.usesSheet).toBe(true);
    expect(axisSetting(schema, 'column')?.type).toBe('sheet_columns');
    expect(axisSetting(schema, 'type')?.type).toBe('select');
    if (w.by === 'fields') {
      for (const key of ['required', 'hide', 'regex_validation', 'file_mime_type']) expect(axisSetting(schema, key), `${kind} axis.${key}`).toBeDefined();
      expect(optionsOf(schema, 'type')).toContain('file');
    } else {
      for (const key of ['add_new_row', 'action_button_visibility']) expect(schema.settings[key]?.type, `${kind}.${key}`).toBe('select');
      expect(axisSetting(schema, 'editable')?.type, `${kind} axis.editable`).toBe('select');
      expect(optionsOf(schema, 'type')).toContain('image');
      expect(schema.actions, `${kind} has row actions`).toBeDefined();
    }
  });

  it('at most one top and one bottom frame kind; a new multipage home page starts with them, top first', () => {
    const top = kindsThat((n) => n.frame === 'top');
    const bottom = kindsThat((n) => n.frame === 'bottom');
    expect(top.length).toBeLessThanOrEqual(1);
    expect(bottom.length).toBeLessThanOrEqual(1);
    expect(starterKinds).toEqual([...top, ...bottom]);
    for (const kind of starterKinds) expect(validateBlock(blockSchemas[kind], blockDefaults(blockSchemas[kind], 'new'))).toEqual([]);
  });

  it('exactly one kind opens sign-up (the app-users service asks for one type)', () => {
    const signUp = kindsThat((n) => n.appAuth?.signUp === true);
    expect(signUp).toHaveLength(1);
  });

  it.each(exampleBoardBlocks.map((b, i) => [i, b.type, b] as const))('example board block %i (%s) is a valid block', (_, type, block) => {
    const { type: _type, ...settings } = block;
    const schema = blockSchemas[type];
    expect(validateBlock(schema, normalizeBlock(schema, settings, 'b'))).toEqual([]);
  });
});

// Stored keys keep the spec's spelling (blocks-and-data §3): a rename must be a migration.
describe('spec spelling of stored keys', () => {
  it.each<[string, 'settings' | 'axis' | 'actions' | 'filters', string[]]>([
    ['chart', 'settings', ['legendPosition', 'showScaleLabel', 'stackAxis', 'Data_Format', 'beginAtZero', 'CustomStepSize', 'StepSize', 'pdf_download', 'grid', 'grid_color', 'x_axis']],
    ['chart', 'axis', ['column', 'type', 'backgroundColor', 'borderColor', 'internal_labels', 'duplicateXAxis', 'decimal', 'spanGaps', 'borderWidth', 'pointRadius', 'pointHoverRadius']],
    ['chart', 'filters', ['select_column', 'condition', 'filter_by', 'match_with_column']],
    [
      'table',
      'settings',
      ['paginate', 'rows_per_page', 'csv_download', 'pdf_download', 'show_details_on_click', 'add_new_row', 'add_row_button_title', 'add_row_button_color', 'add_row_text_color', 'action_button_visibility', 'freeze_actions_column', 'column_width', 'submit_button_title', 'show_filter', 'show_sort', 'show_search', 'show_pagination', 'Card_color', 'Pagination_color', 'Filter_color', 'Search_color'],
    ],
    ['table', 'axis', ['column', 'use_markdown', 'hidden', 'editable', 'column_width', 'type', 'Conditional_formatting', 'from_google_sheet', 'source', 'options', 'character_limit', 'image_source', 'text_alignment']],
    ['table', 'actions', ['title', 'type', 'button_color', 'text_color', 'source_column', 'pdf_template', 'api_endpoint', 'http_method', 'body_type', 'authorization_method', 'custom_header', 'token', 'field_mapping', 'success_message', 'error_message']],
    ['scorecard', 'axis', ['source', 'label', 'function', 'symbol']],
  ])('%s %s', (kind, level, keys) => {
    const schema = blockSchemas[kind as keyof typeof blockSchemas] as BlockSchema;
    const settings = level === 'settings' ? schema.settings : schema[level]!.settings;
    expect(Object.keys(settings)).toEqual(expect.arrayContaining(keys));
  });

  it.each([
    ['chart', 'legendPosition', 'top'],
    ['chart', 'pdf_download', true],
    ['table', 'paginate', true],
    ['table', 'rows_per_page', 10],
    ['table', 'add_new_row', 'None'],
    ['table', 'add_row_button_title', 'Add Row'],
    ['table', 'action_button_visibility', 'Everyone'],
    ['table', 'column_width', '200px'],
  ])('%s.%s defaults to %j', (kind, key, value) => {
    expect((blockSchemas[kind as keyof typeof blockSchemas] as BlockSchema).settings[key]!.default).toEqual(value);
  });

  it.each([
    ['chart', 'type', 'bar'],
    ['chart', 'duplicateXAxis', 'sum'],
    ['chart', 'decimal', 'dot'],
    ['table', 'editable', 'None'],
    ['table', 'options', 'true, false'],
    ['scorecard', 'function', 'sum'],
    ['scorecard', 'symbol', '$'],
  ])('%s axis %s defaults to %j', (kind, key, value) => {
    expect((blockSchemas[kind as keyof typeof blockSchemas] as BlockSchema).axis!.settings[key]!.default).toEqual(value);
  });

  it('chart ranges are 0 to 5 (spec §5); table allows at most 2 actions; chart StepSize shows only with CustomStepSize', () => {
    for (const k of ['borderWidth', 'pointRadius', 'pointHoverRadius']) {
      expect(blockSchemas.chart.axis!.settings[k]).toMatchObject({ type: 'range', min: 0, max: 5 });
    }
    expect(blockSchemas.table.actions!.max).toBe(2);
    expect(blockSchemas.chart.settings.StepSize!.showIf).toEqual({ setting: 'CustomStepSize', equals: true });
    expect(blockSchemas.chart.axis!.settings.type!.options!.map((o) => o.value)).toEqual(['line', 'bar', 'horizontal-bar', 'radar', 'pie', 'polarArea', 'scatter']);
  });
});
