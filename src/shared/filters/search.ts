/** Search box terms: split on commas, trimmed, empties dropped, lowercased (spec §9). */
export function searchTerms(q: string | undefined | null): string[] {
  if (!q) return [];
  return q
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t.length > 0);
}

/** True when any term occurs in the text (case-insensitive); no terms match everything. */
export function matchesSearch(haystackLower: string, terms: readonly string[]): boolean {
  if (terms.length === 0) return true;
  for (const t of terms) if (haystackLower.includes(t)) return true;
  return false;
}

/** Lowercased text of a row's values, as searched. */
export function rowSearchText(row: Record<string, unknown>, columns: readonly string[]): string {
  let out = '';
  for (const c of columns) {
    const v = row[c];
    if (v !== null && v !== undefined && v !== '') out += String(v).toLowerCase() + '\u0000';
  }
  return out;
}
