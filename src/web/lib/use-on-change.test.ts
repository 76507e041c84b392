import { beforeEach, describe, expect, it, vi } from 'vitest';

// A one-component stand-in for React's state: enough to run the hook's render logic in Node
// (no DOM here), where a setState during render asks for one more render, as React does.
const slots: unknown[] = [];
let slot = 0;
let again = false;
vi.mock('react', () => ({
  useState: <S,>(initial: S) => {
    const i = slot++;
    if (!(i in slots)) slots[i] = initial;
    const set = (v: S) => {
      if (!Object.is(slots[i], v)) again = true;
      slots[i] = v;
    };
    return [slots[i] as S, set] as const;
  },
}));

const { useOnChange } = await import('./use-on-change');

function Dialog({ opened, calls }: { opened: string; calls: string[] }) {
  useOnChange(opened, (v) => calls.push(v));
  return null;
}

/** Renders until no state changed, like React does after a setState during render. */
function render(opened: string, calls: string[]): number {
  let renders = 0;
  do {
    again = false;
    slot = 0;
    renders++;
    Dialog({ opened, calls });
  } while (again && renders < 10);
  return renders;
}

describe('useOnChange', () => {
  beforeEach(() => {
    slots.length = 0;
  });

  it('does nothing on the first render', () => {
    const calls: string[] = [];
    render('closed', calls);
    expect(calls).toEqual([]);
  });

  it('calls once per change, with the new value, and settles in one extra render', () => {
    const calls: string[] = [];
    render('closed', calls);
    expect(render('open', calls)).toBe(2);
    render('open', calls);
    render('closed', calls);
    expect(calls).toEqual(['open', 'closed']);
  });
});
