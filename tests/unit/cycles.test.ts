// No import cycles under src/ (issue 11): a cycle hides the order modules load in and lets
// services reach each other through policy code. Type-only imports count too: they couple the
// modules the same way, even if nothing of them runs.
import { describe, expect, it } from 'vitest';
import { cycleGroups, edges, rel, shortestCycle } from './import-graph';

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
