// No import cycles under src/ (issue 11): a cycle hides the order modules load in and lets
// services reach each other through policy code. Type-only imports count too: they couple the
// modules the same way, even if nothing of them runs.
import { describe, expect, it } from 'vitest';
import { edges, rel } from './import-graph';

/** The groups of nodes that reach each other (Tarjan's strongly connected components), each of 2+ nodes or a node importing itself. */
export function cycleGroups(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups;
}

/** One shortest cycle through `start` inside its group, for a readable failure: a → b → a. */
export function shortestCycle(graph: ReadonlyMap<string, readonly string[]>, start: string, group: readonly string[]): string[] {
  const inGroup = new Set(group);
  const prev = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i]!;
    for (const w of graph.get(v) ?? []) {
      if (!inGroup.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(prev.get(path[0]!)!);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

function graphOf(list: { file: string; target: string | null }[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const e of list) {
    if (!graph.has(e.file)) graph.set(e.file, []);
    if (e.target) graph.get(e.file)!.push(e.target);
  }
  return graph;
}

describe('the cycle finder', () => {
  it('finds a cycle through type-only and re-export edges, and reports it as a path', () => {
    const graph = graphOf([
      { file: 'a', target: 'b' },
      { file: 'b', target: 'c' },
      { file: 'c', target: 'a' },
      { file: 'c', target: 'd' },
      { file: 'd', target: null },
      { file: 'e', target: 'e' },
    ]);
    expect(cycleGroups(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(shortestCycle(graph, 'a', ['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'a']);
  });

  it('finds none in a graph without one', () => {
    expect(cycleGroups(graphOf([{ file: 'a', target: 'b' }, { file: 'b', target: 'c' }, { file: 'a', target: 'c' }]))).toEqual([]);
  });
});

describe('src/', () => {
  it('has no import cycles (type-only imports included)', () => {
    const graph = graphOf(edges);
    const cycles = cycleGroups(graph).map((group) => shortestCycle(graph, group[0]!, group).map(rel).join(' → '));
    expect(cycles).toEqual([]);
  });
});
