// Assembles and checks block records from block schemas: the server's validator and the
// editor's "temporary block with the type's defaults" both go through here.
import { COMMON_SETTINGS } from './common';
import { defaultsOf } from './defaults';
import { validate } from './validate';
import type { BlockRecord, BlockSchema, FormatChecks, SettingsSchema, SettingValues, ValidationIssue } from './types';

export { COMMON_SETTINGS };

/** Keys of the record itself, not settings. */
export const RECORD_KEYS = ['id', 'type', 'sheet_title', 'axis', 'actions', 'filters', 'temp_block'] as const;

/** The block-level settings of a kind: its own plus the common ones. */
export function blockSettings(schema: BlockSchema): SettingsSchema {
  return { ...COMMON_SETTINGS, ...schema.settings };
}

export function axisDefaults(schema: BlockSchema): SettingValues {
  return schema.axis ? defaultsOf(schema.axis.settings) : {};
}

export function actionDefaults(schema: BlockSchema): SettingValues {
  return schema.actions ? defaultsOf(schema.actions.settings) : {};
}

/** A new block of a kind, with every default (the editor's temporary block). */
export function blockDefaults(schema: BlockSchema, id = ''): BlockRecord {
  const axisCount = schema.axis?.min ?? 0;
  return {
    ...(defaultsOf(blockSettings(schema)) as Record<string, unknown>),
    id,
    type: schema.kind,
    section: '',
    sheet_title: '',
    axis: Array.from({ length: axisCount }, () => axisDefaults(schema)),
    actions: [],
    full_width: false,
  };
}

function objects(value: unknown): SettingValues[] {
  return Array.isArray(value) ? value.filter((v): v is SettingValues => !!v && typeof v === 'object' && !Array.isArray(v)) : [];
}

/**
 * Merges input over the kind's defaults (block level, every axis, every action). Unknown keys are
 * kept so that `validateBlock` can report them.
 */
export function normalizeBlock(schema: BlockSchema, input: Record<string, unknown>, id = ''): BlockRecord {
  const base = blockDefaults(schema, id);
  const merged: BlockRecord = { ...base, ...input, id: id || String(input.id ?? ''), type: schema.kind };
  merged.axis = Array.isArray(input.axis) ? objects(input.axis).map((a) => ({ ...axisDefaults(schema), ...a })) : base.axis;
  merged.actions = Array.isArray(input.actions)
    ? objects(input.actions).map((a) => ({ ...actionDefaults(schema), ...a }))
    : base.actions;
  if (typeof merged.section !== 'string') merged.section = String(merged.section ?? '');
  if (typeof merged.sheet_title !== 'string') merged.sheet_title = String(merged.sheet_title ?? '');
  return merged;
}

/** Every problem of a block record, each naming its setting; `formats` check `format` settings. */
export function validateBlock(schema: BlockSchema, record: Record<string, unknown>, formats: FormatChecks = {}): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const settings: SettingValues = {};
  for (const [k, v] of Object.entries(record)) {
    if (!(RECORD_KEYS as readonly string[]).includes(k)) settings[k] = v;
  }
  issues.push(...validate(blockSettings(schema), settings, { formats }));
  if (typeof record.sheet_title !== 'string') issues.push({ path: 'sheet_title', message: 'sheet_title must be a text' });
  if (schema.usesSheet && !record.sheet_title)
    issues.push({ path: 'sheet_title', message: 'Choose the sheet this block reads' });

  if (!Array.isArray(record.axis)) issues.push({ path: 'axis', message: 'axis must be a list' });
  else if (schema.axis) {
    const { min, max } = schema.axis;
    if (min !== undefined && record.axis.length < min)
      issues.push({ path: 'axis', message: `Add at least ${min} ${schema.axis.label ?? 'axis'}` });
    if (max !== undefined && record.axis.length > max)
      issues.push({ path: 'axis', message: `At most ${max} ${schema.axis.label ?? 'axes'} allowed` });
    record.axis.forEach((a, i) =>
      issues.push(...validate(schema.axis!.settings, (a ?? {}) as SettingValues, { prefix: `axis.${i}.`, formats })),
    );
  } else if (record.axis.length > 0) issues.push({ path: 'axis', message: `A ${schema.name} block has no axes` });

  if (!Array.isArray(record.actions)) issues.push({ path: 'actions', message: 'actions must be a list' });
  else if (schema.actions) {
    if (record.actions.length > schema.actions.max)
      issues.push({ path: 'actions', message: `At most ${schema.actions.max} action buttons per block` });
    record.actions.forEach((a, i) =>
      issues.push(...validate(schema.actions!.settings, (a ?? {}) as SettingValues, { prefix: `actions.${i}.`, formats })),
    );
  } else if (record.actions.length > 0)
    issues.push({ path: 'actions', message: `A ${schema.name} block has no action buttons` });

  if (schema.filters && record.filters !== undefined) {
    if (!Array.isArray(record.filters)) issues.push({ path: 'filters', message: 'filters must be a list' });
    else
      record.filters.forEach((f, i) =>
        issues.push(...validate(schema.filters!.settings, (f ?? {}) as SettingValues, { prefix: `filters.${i}.`, formats })),
      );
  }
  return issues;
}
