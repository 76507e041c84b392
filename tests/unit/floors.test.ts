// The server's floors (floors.ts): every module sits on one floor and imports only its own floor
// or lower ones; modules never import each other round in a knot; route files are the app's
// alone; the sheet engine is reached through its one public surface. Tests (*.test.ts) and the
// test support folder may reach anything.
import { describe, expect, it } from 'vitest';
import { FLOORS, OFF_FLOOR } from './floors';
import { cycleGroups, edges, files, isTest, rel, ROOT, type Edge } from './import-graph';

/** The module of a server file: `data`, `modules/apps`, `config`; null outside src/server. */
export function moduleOf(path: string): string | null {
  const r = path.startsWith('src/') ? path : rel(path);
  const domain = /^src\/server\/modules\/([^/]+)\//.exec(r);
  if (domain) return `modules/${domain[1]}`;
  const folder = /^src\/server\/([^/]+)\//.exec(r);
  if (folder) return folder[1]!;
  const file = /^src\/server\/([^/]+)\.(ts|mts|mjs)$/.exec(r);
  return file ? file[1]! : null;
}

/** The floor index of a module (0 is the lowest), or null when it is on none. */
export function floorOf(module: string): number | null {
  const i = FLOORS.findIndex((f) => f.modules.includes(module) || (module.startsWith('modules/') && f.modules.includes('modules/*')));
  return i < 0 ? null : i;
}

const product = (e: Edge) => !isTest(e.file) && !!e.target && moduleOf(e.file) !== null && !OFF_FLOOR.includes(moduleOf(e.file)!);
const serverFiles = files.filter((f) => moduleOf(f) !== null && !isTest(f));

/** Imports from a lower floor to a higher one, as `from → to (floor → floor)`. */
export function upwardImports(list: readonly Edge[]): string[] {
  const out: string[] = [];
  for (const e of list) {
    const from = moduleOf(e.file);
    const to = e.target ? moduleOf(e.target) : null;
    if (!from || !to || from === to) continue;
    const a = floorOf(from);
    const b = floorOf(to);
    if (a === null || b === null) continue;
    if (b > a) out.push(`${rel(e.file)} → ${rel(e.target!)} (${FLOORS[a]!.name} imports ${FLOORS[b]!.name})`);
  }
  return out;
}

/** The module graph: module → the modules it imports. */
export function moduleGraph(list: readonly Edge[]): Map<string, string[]> {
  const graph = new Map<string, Set<string>>();
  for (const e of list) {
    const from = moduleOf(e.file);
    const to = e.target ? moduleOf(e.target) : null;
    if (!from || !to || from === to) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
  }
  return new Map([...graph].map(([k, v]) => [k, [...v].sort()]));
}

const ROUTE_FILE = /(^|\/)([a-z-]+-)?routes\.ts$/;

describe('the floors', () => {
  it('name every module of the server once', () => {
    const modules = [...new Set(serverFiles.map((f) => moduleOf(f)!))].filter((m) => !OFF_FLOOR.includes(m));
    expect(modules.length).toBeGreaterThan(20);
    expect(modules.filter((m) => floorOf(m) === null)).toEqual([]);
    const named = FLOORS.flatMap((f) => f.modules);
    expect(named.length).toBe(new Set(named).size);
  });

  it('are read the same way by the checks (a planted upward import and a planted knot are found)', () => {
    const at = (p: string) => `${ROOT}/${p}`;
    const planted: Edge[] = [
      { file: at('src/server/data/apps/repo.ts'), spec: '../../access/rules', target: at('src/server/access/rules.ts') },
      { file: at('src/server/modules/apps/service.ts'), spec: '../pages/service', target: at('src/server/modules/pages/service.ts') },
      { file: at('src/server/modules/pages/service.ts'), spec: '../apps/service', target: at('src/server/modules/apps/service.ts') },
    ];
    expect(upwardImports(planted)).toEqual(['src/server/data/apps/repo.ts → src/server/access/rules.ts (data imports access)']);
    expect(cycleGroups(moduleGraph(planted))).toEqual([['modules/apps', 'modules/pages']]);
  });

  it('only import downward: no module imports a module on a higher floor', () => {
    expect(upwardImports(edges.filter(product))).toEqual([]);
  });

  it('hold no knot: no two server modules import each other, directly or round', () => {
    const groups = cycleGroups(moduleGraph(edges.filter(product)));
    expect(groups).toEqual([]);
  });

  it('keep route files for the app: only app.ts (and tests) import a routes file', () => {
    const offenders = edges
      .filter((e) => product(e) && ROUTE_FILE.test(rel(e.target!)) && moduleOf(e.target!)?.startsWith('modules/') && rel(e.file) !== 'src/server/app.ts')
      .map((e) => `${rel(e.file)} → ${rel(e.target!)}`);
    expect(offenders).toEqual([]);
  });

  it('reach the sheet engine through its public surface only (sheets/index.ts)', () => {
    const offenders = edges
      .filter((e) => !!e.target && moduleOf(e.target) === 'sheets' && moduleOf(e.file) !== 'sheets' && rel(e.target) !== 'src/server/sheets/index.ts')
      .map((e) => `${rel(e.file)} → ${rel(e.target!)}`);
    expect(offenders).toEqual([]);
  });
});
