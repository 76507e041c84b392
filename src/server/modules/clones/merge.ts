// The three-way merge of a template update into a buyer's copy (issue 33 §2), pure: no database.
// An app is read as a set of items (the app's settings, each page, each block), each a set of
// fields (a page's name, slug, visibility, position and each of its settings; a block's page,
// position, kind and each of its settings). Base is the version the buyer cloned, mine the buyer's
// app now, theirs the new version; all three in the same words (ids replaced by the keys pages and
// blocks keep through copies, the template's columns by the buyer's: update.ts reads them so).
// Per field: what only one side changed wins; what both changed the same way is kept; what both
// changed differently is a conflict the buyer decides ('mine' keeps theirs out, 'theirs' takes the
// template's). An item the template removed goes unless the buyer changed it; an item the buyer
// removed stays removed unless the template changed it (both conflicts too).
import { canonicalJson } from '../templates/copy';

/** One field's value; `undefined` is "not there". */
export type FieldValue = unknown;
/** An item's fields (for the app's settings: one per setting). */
export type Fields = Record<string, FieldValue>;

export interface ItemInfo {
  /** 'app' | 'page' | 'block'. */
  kind: 'app' | 'page' | 'block';
  /** What the buyer calls it: "the page 'Orders'", "the block 'Sales' on the page 'Home'". */
  label: string;
  /** The field's name in words ('Title', 'Rows per page'). */
  fieldLabel: (field: string) => string;
}

/** An app as items: 'app', 'page:<key>', 'block:<key>' → fields. */
export type AppDoc = Map<string, Fields>;

export type Resolution = 'mine' | 'theirs';

export interface MergeConflict {
  /** `<item>` (one side removed it) or `<item>|<field>`. */
  id: string;
  text: string;
  mine: string;
  theirs: string;
}

export interface MergeChange {
  kind: 'added' | 'changed' | 'removed';
  item: 'app' | 'page' | 'block';
  text: string;
}

export interface MergeResult {
  /** The merged app (conflicts without a resolution keep the buyer's side). */
  doc: AppDoc;
  /** What the template changed from the base to the new version, in words. */
  changes: MergeChange[];
  conflicts: MergeConflict[];
  /** Conflicts the resolutions given did not answer. */
  unresolved: string[];
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** A value as the buyer reads it in a conflict: short text, "(not set)" when absent. */
export function valueInWords(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(not set)';
  if (typeof value === 'string') return value.length > 80 ? `“${value.slice(0, 77)}…”` : `“${value}”`;
  if (typeof value === 'number' || typeof value === 'boolean') return value === true ? 'on' : value === false ? 'off' : String(value);
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} items`;
  return 'set';
}

function fieldsInWords(info: ItemInfo, fields: readonly string[]): string {
  const names = [...new Set(fields.map((f) => info.fieldLabel(f)))];
  const shown = names.slice(0, 5).join(', ');
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}

/** What the template changed between `base` and `theirs`, in words (the buyer's copy aside). */
export function describeChanges(base: AppDoc, theirs: AppDoc, info: (item: string, doc: AppDoc) => ItemInfo): MergeChange[] {
  const out: MergeChange[] = [];
  for (const [item, fields] of theirs) {
    const b = base.get(item);
    const i = info(item, theirs);
    if (!b) {
      if (i.kind !== 'app') out.push({ kind: 'added', item: i.kind, text: `Added ${i.label}` });
      continue;
    }
    const changed = [...new Set([...Object.keys(b), ...Object.keys(fields)])].filter((f) => !same(b[f], fields[f]));
    if (changed.length) out.push({ kind: 'changed', item: i.kind, text: `Changed ${i.label}: ${fieldsInWords(i, changed)}` });
  }
  for (const item of base.keys()) {
    if (theirs.has(item)) continue;
    const i = info(item, base);
    out.push({ kind: 'removed', item: i.kind, text: `Removed ${i.label}` });
  }
  // Pages first, then blocks, then the app's settings: the order the buyer reads an app in.
  const rank = { page: 0, block: 1, app: 2 } as const;
  return out.sort((a, b) => rank[a.item] - rank[b.item]);
}

/**
 * Merges `theirs` (the new version) into `mine` (the buyer's app) over `base` (the version cloned).
 * `info` names an item for the buyer (read from the doc that holds it). `resolutions` answers
 * conflicts by id; one not answered keeps the buyer's side and is listed in `unresolved`.
 */
export function mergeApp(
  base: AppDoc,
  mine: AppDoc,
  theirs: AppDoc,
  info: (item: string, doc: AppDoc) => ItemInfo,
  resolutions: Readonly<Record<string, Resolution>> = {},
): MergeResult {
  const doc: AppDoc = new Map();
  const conflicts: MergeConflict[] = [];
  const unresolved: string[] = [];
  const decide = (c: MergeConflict): Resolution => {
    conflicts.push(c);
    const r = resolutions[c.id];
    if (!r) unresolved.push(c.id);
    return r ?? 'mine';
  };
  const items = new Set([...mine.keys(), ...theirs.keys(), ...base.keys()]);
  for (const item of items) {
    const b = base.get(item);
    const m = mine.get(item);
    const n = theirs.get(item);
    if (!b) {
      // New on one side (the buyer's own, or the template's); never new on both, as keys differ.
      if (m) doc.set(item, m);
      else if (n) doc.set(item, n);
      continue;
    }
    if (!n) {
      // The template removed it.
      if (!m) continue;
      if (same(m, b)) continue;
      const i = info(item, mine);
      const r = decide({ id: item, text: `The template removed ${i.label}, which you changed.`, mine: 'Keep it with your changes', theirs: 'Remove it' });
      if (r === 'mine') doc.set(item, m);
      continue;
    }
    if (!m) {
      // The buyer removed it.
      if (same(n, b)) continue;
      const i = info(item, theirs);
      const r = decide({ id: item, text: `You removed ${i.label}, which the template changed.`, mine: 'Leave it removed', theirs: 'Bring it back as the template has it' });
      if (r === 'theirs') doc.set(item, n);
      continue;
    }
    const out: Fields = {};
    for (const f of new Set([...Object.keys(m), ...Object.keys(n), ...Object.keys(b)])) {
      const bv = b[f];
      const mv = m[f];
      const nv = n[f];
      let v: unknown;
      if (same(mv, nv) || same(bv, nv)) v = mv;
      else if (same(bv, mv)) v = nv;
      else {
        const i = info(item, mine);
        const r = decide({ id: `${item}|${f}`, text: `You and the template both changed ${i.fieldLabel(f)} of ${i.label}.`, mine: valueInWords(mv), theirs: valueInWords(nv) });
        v = r === 'mine' ? mv : nv;
      }
      if (v !== undefined) out[f] = v;
    }
    doc.set(item, out);
  }
  return { doc, changes: describeChanges(base, theirs, info), conflicts, unresolved };
}
