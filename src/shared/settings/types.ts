// The block engine's vocabulary. Every block, axis, action, toolbar button and conditional filter
// describes its configuration with these plain objects, so one validator and one generated
// settings panel serve all of them. Schemas are data: they must survive a JSON round trip.

export const SETTING_TYPES = [
  'color',
  'colors',
  'select',
  'boolean',
  'booleantext',
  'number',
  'input',
  'text',
  'textarea',
  'markdowntext',
  'range',
  'slider',
  'sheet_columns',
  'datasource',
  'pages',
  'image',
  'imageBlock',
  'url',
  'date',
  'time',
  'array',
  'kv_pair',
  'video_upload',
  'audio_upload',
  'image_upload',
] as const;

export type SettingType = (typeof SETTING_TYPES)[number];

/** Hide rules: a setting is shown only when its `showIf` rule holds for the current values. */
export type HideRule =
  | { setting: string; equals: unknown }
  | { setting: string; in: unknown[] }
  | { all: HideRule[] }
  | { any: HideRule[] }
  | { not: HideRule };

export interface SelectOption {
  value: string;
  label: string;
}

export interface Setting {
  type: SettingType;
  default: unknown;
  label?: string;
  description?: string;
  /** For select: the allowed values. */
  options?: SelectOption[];
  min?: number;
  max?: number;
  step?: number;
  required?: boolean;
  showIf?: HideRule;
  /** For `array`: the settings of one item. */
  item?: Record<string, Setting>;
  /** For `array`: the most items allowed. */
  maxItems?: number;
  /**
   * For `array`: a smaller (or larger) maximum while a rule over the sibling settings holds; the
   * first matching entry wins, else `maxItems` (footer: 5 simple links in two of its layouts).
   */
  maxItemsWhen?: { when: HideRule; max: number }[];
  /**
   * For `array`: the key of a `select` in `item` whose value a NEW item takes as the first of
   * its options not used by the items already there (else the setting's default). Footer
   * social items are added in the order instagram, facebook, linkedin.
   */
  nextUnused?: string;
  /** For `array`: what one item is called in the editor ('Contact' for 'Contact items'). */
  itemLabel?: string;
  /**
   * For text-like settings: a regular expression (its source; matched case-insensitively) that a
   * non-empty value must match, and the message when it does not.
   */
  pattern?: string;
  patternMessage?: string;
  /**
   * For text settings that hold a link only in some cases: while this rule over the sibling
   * settings holds, the value must be a link as a `url` setting's is (no javascript:, data: or
   * vbscript:). A form field's default is the file's address when the field is a file.
   */
  urlWhen?: HideRule;
  /**
   * For text-like settings: 'regex' — the value is itself a pattern that visitors' answers are
   * tested against (a form field's regex_validation), so it must be one the linear-time engine
   * runs: back-references, look-arounds and huge repeats are refused. The check comes from the
   * caller (FormatChecks): the engine is too big for every page's JavaScript.
   */
  format?: 'regex';
  /**
   * Settings of array items and axes: a change of this setting resets these sibling settings of
   * the same item to their defaults (banner features: a changed iconType clears icon).
   */
  clearsOnChange?: string[];
  /** Hidden from the settings panel (kept for compatibility with stored records). */
  hidden?: boolean;
}

export type SettingsSchema = Record<string, Setting>;

/**
 * The checks of `format` settings, brought by the caller (the server: shared/rows/regex.ts's
 * patternProblem): why a value cannot be used, as the end of a sentence, or null. A format with
 * no check here is not checked.
 */
export type FormatChecks = Partial<Record<NonNullable<Setting['format']>, (value: string) => string | null>>;

export type SettingValues = Record<string, unknown>;

export type BlockCategory = 'data' | 'charts' | 'media' | 'layout' | 'content' | 'auth';

export interface BlockSchema {
  /** snake_case identifier, e.g. `chart`, `scorecard`. */
  kind: string;
  name: string;
  description: string;
  category: BlockCategory;
  /** Tabler icon name (web maps it to a component). */
  icon: string;
  /** Block-level settings; the common settings are merged in by `withCommon`. */
  settings: SettingsSchema;
  /** Per-axis (per column element) settings, when the block has axes. */
  axis?: { settings: SettingsSchema; min?: number; max?: number; label?: string };
  /** Action button settings (at most `max`). */
  actions?: { settings: SettingsSchema; max: number };
  /** Conditional filter settings. */
  filters?: { settings: SettingsSchema };
  /** True when the block reads the rows of its `sheet_title` (so it needs one). */
  usesSheet: boolean;
  /**
   * How the renderer loads rows: `paged` asks the server for one page at a time (search, sort,
   * limit, offset: big sheets never reach the browser whole); `all` loads every row of the
   * columns the block uses; `none` loads nothing. Sheets named by `datasource` settings
   * ({sheet, column}) in the axes are loaded too, into `data.sheets`. `aggregate` (chart) asks
   * the server for the rows already grouped into at most as many points as the view can draw
   * (`data.chart`, src/web/viewer/block-chart.ts). `row` loads one row by its `_id`: the row
   * named by the address (`?row=`), else (editor previews) the sheet's first row.
   */
  data: 'paged' | 'all' | 'none' | 'aggregate' | 'row';
  /**
   * True when the view shows every column of its sheet while no axis names a column (table, list,
   * data list, grid, item details): such a block reads the whole sheet (shared/settings/columns.ts).
   */
  allColumnsWithoutAxis?: boolean;
  /**
   * What the kind needs from code outside its folder (the renderer, the server). That code asks
   * for a need, never for a kind name, so a new kind declares its needs here and nothing outside
   * its folder and the registries changes (src/blocks/README.md "How to add a block kind").
   */
  needs?: BlockNeeds;
  /**
   * The glyph of the kind in a board's thumbnail (/boardWorkspace), when its category and needs
   * do not tell it (workspace/thumbnail.ts): 'figure' a big number, 'dates' a calendar grid.
   */
  thumbnail?: 'figure' | 'dates';
}

/**
 * A block kind's needs, as data (checked by src/blocks/catalogue.test.ts: every key named here is
 * a real setting of the kind).
 */
export interface BlockNeeds {
  /**
   * Places the rows of its sheet by address: the axis settings (of the first axis entry) naming
   * the address column and the latitude / longitude columns. The renderer asks the geo route for
   * the points and the map tiles; an empty latitude / longitude setting means the columns are
   * found by their names in the sheet, so a viewer receives those columns too.
   */
  geocodes?: { address: string; latitude: string; longitude: string };
  /** Keeps comments of its own (`/api/blocks/{id}/comments`; the renderer loads `data.comments`). */
  comments?: true;
  /**
   * Part of the page frame, the way around an app: 'top' (a header) or 'bottom' (a footer; not
   * named after the kinds, so code that asks stays free of kind names). A guest still gets the
   * frame blocks of a page that is not public; embeds drop 'top' blocks with `hide_header` and
   * 'bottom' ones with `hide_footer`; a 'bottom' block stays last on a multipage page (new blocks
   * go before it); a new multipage app's home page starts with one block of each frame kind, top
   * first.
   */
  frame?: 'top' | 'bottom';
  /**
   * Shows the one row the address names (`?row=`): a page holding it is a detail page, opened
   * from a list or a button, so the header's default navigation leaves it out.
   */
  detailPage?: true;
  /**
   * Lets viewers write rows of its sheet. `noun` names the block in refusals ('add rows to this
   * form'). `by`: 'fields' — whoever sees the block adds rows, one axis entry per field
   * (`required`, `regex_validation`, `file` fields taking `file_mime_type`); 'audiences' — the
   * settings say who: `add_new_row`, each axis entry's `editable` (absent: the axis schema's
   * default), the Edit / Delete / Duplicate row actions under `action_button_visibility`, and
   * image columns set to 'Upload Image'.
   */
  rowWrites?: { noun: string; by: 'fields' | 'audiences' };
  /** Signs app users in (`data.appAuth`); `signUp`: an app with such a block lets visitors register. */
  appAuth?: { signUp?: true };
  /**
   * Keeps the height of its content: beside a taller block in the same row it does not stretch to
   * the row's height (a few number cards would otherwise float in a tall empty box).
   */
  ownHeight?: true;
}

/** The block record as it travels over the API (spec, blocks-and-data §3 "Block record"). */
export interface BlockRecord {
  id: string;
  type: string;
  section: string;
  sheet_title: string;
  axis: SettingValues[];
  actions: SettingValues[];
  full_width: boolean;
  [setting: string]: unknown;
}

export interface ValidationIssue {
  /** Dotted path of the setting, e.g. `rows_per_page` or `axis.0.column`. */
  path: string;
  message: string;
}
