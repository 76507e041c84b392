// Guessing which of a spreadsheet's columns a template's column should read (the column mapping of
// a clone, issue 15), shared by the server's suggestion and the mapping page's re-guess when the
// owner picks another sheet. By name first; by type only among the columns of a sheet that shares
// at least one column name with the template's: a sheet with nothing in common is not the same
// data, and matching 'temp_max' onto 'Quantity' because both are numbers breaks the app silently
// (issue 33).

export interface GuessColumn {
  name: string;
  type: string;
}

/** A column's name compared loosely: case, spaces and punctuation do not count ('Unit price' = 'unit_price'). */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** How many of `target`'s columns have the name (loosely) of one of `used`. */
export function sharedColumns(used: readonly GuessColumn[], target: readonly GuessColumn[]): number {
  const names = new Set(used.map((c) => nameKey(c.name)));
  return target.filter((c) => names.has(nameKey(c.name))).length;
}

/**
 * Each used column's guess among `target`: the same name first; then, if any name matched, an
 * unclaimed column of the same type; else null (left for the owner to choose).
 */
export function guessColumns(used: readonly GuessColumn[], target: readonly GuessColumn[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const claimed = new Set<string>();
  for (const c of used) {
    const hit = target.find((t) => !claimed.has(t.name) && nameKey(t.name) === nameKey(c.name));
    out[c.name] = hit?.name ?? null;
    if (hit) claimed.add(hit.name);
  }
  if (claimed.size === 0) return out;
  for (const c of used) {
    if (out[c.name] !== null) continue;
    const hit = target.find((t) => !claimed.has(t.name) && t.type === c.type);
    out[c.name] = hit?.name ?? null;
    if (hit) claimed.add(hit.name);
  }
  return out;
}
