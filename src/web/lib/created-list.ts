// Lists the owner manages in a table and keeps in order of creation (the app users of the Users
// popup, the workspace's editors): oldest first as the server sends them, and the list after an
// add, an update or a removal, without asking the server for it again.

interface Created {
  id: string;
  /** Seconds since the epoch. */
  created_at: number;
}

/** Oldest first; equal times keep their order. */
export function oldestFirst<T extends Created>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.created_at - b.created_at);
}

/** The list with this entry: it replaces the one with the same id, else joins; in order. */
export function withEntry<T extends Created>(list: readonly T[], entry: T): T[] {
  const found = list.some((e) => e.id === entry.id);
  return oldestFirst(found ? list.map((e) => (e.id === entry.id ? entry : e)) : [...list, entry]);
}

export function withoutEntry<T extends Created>(list: readonly T[], id: string): T[] {
  return list.filter((e) => e.id !== id);
}
