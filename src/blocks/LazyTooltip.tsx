// Mantine's Tooltip, loaded when it is first wanted: a tooltip brings Floating UI and Popover (about
// 20 KB gzip) that a guest would otherwise download with every page whose blocks have one. Until
// then the target renders alone; the pointer or the focus reaching it loads the chunk (once for the
// whole page), and the tooltip takes over when the pointer or focus has left the target, never
// while it is being used (replacing the target under a press would lose the click). Tooltips
// rendered after the chunk has loaded are Mantine's from the start.
import type { TooltipProps } from '@mantine/core';
import { cloneElement, useState, type ReactElement, type SyntheticEvent } from 'react';

type MantineTooltip = typeof import('./mantine-tooltip').Tooltip;
const chunk: { Tooltip: MantineTooltip | null; loading: Promise<void> | null } = { Tooltip: null, loading: null };
const load = () => (chunk.loading ??= import('./mantine-tooltip').then((m) => void (chunk.Tooltip = m.Tooltip)));

type Handler = ((e: SyntheticEvent) => void) | undefined;
type Props = TooltipProps & { children: ReactElement<Record<string, unknown>> };

/** The target with `extra` handlers run after its own. */
function withHandlers(child: Props['children'], extra: Record<string, (e: SyntheticEvent) => void>) {
  const own = child.props;
  const merged: Record<string, (e: SyntheticEvent) => void> = {};
  for (const [name, fn] of Object.entries(extra))
    merged[name] = (e) => {
      (own[name] as Handler)?.(e);
      fn(e);
    };
  return cloneElement(child, merged);
}

export function Tooltip(props: Props) {
  const [Loaded, setLoaded] = useState<MantineTooltip | null>(() => chunk.Tooltip);
  if (Loaded) return <Loaded {...props} />;
  const enter = () => {
    if (!props.disabled) void load();
  };
  const leave = () => {
    if (chunk.Tooltip) setLoaded(() => chunk.Tooltip);
  };
  return withHandlers(props.children, { onPointerEnter: enter, onFocus: enter, onPointerLeave: leave, onBlur: leave });
}
