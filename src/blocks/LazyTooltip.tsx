// Mantine's Tooltip, loaded when it is first needed: a tooltip brings Floating UI and Popover (about
// 20 KB gzip) that a guest would otherwise download with every page whose blocks have one. Until
// the pointer or the focus first reaches its target, the target renders alone; then the tooltip's
// chunk loads (once for the whole page) and the tooltip opens if the pointer is still there.
import type { TooltipProps } from '@mantine/core';
import { cloneElement, lazy, Suspense, useState, type ReactElement, type SyntheticEvent } from 'react';

let loaded = false;
const MantineTooltip = lazy(() =>
  import('./mantine-tooltip').then((m) => {
    loaded = true;
    return { default: m.Tooltip };
  }),
);

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

/** Rendered once the chunk is there: opens at once when the pointer (or focus) is still on the target. */
function Loaded({ over, ...props }: Props & { over: boolean }) {
  return <MantineTooltip {...props} defaultOpened={props.defaultOpened ?? over} />;
}

export function Tooltip(props: Props) {
  const [armed, setArmed] = useState(loaded);
  // Whether the pointer (or focus) is on the target, for when the chunk has loaded.
  const [over, setOver] = useState(false);
  const enter = () => {
    setOver(true);
    if (!armed && !props.disabled) setArmed(true);
  };
  const leave = () => {
    setOver(false);
  };
  if (!armed) return withHandlers(props.children, { onPointerEnter: enter, onFocus: enter, onPointerLeave: leave, onBlur: leave });
  return (
    <Suspense fallback={withHandlers(props.children, { onPointerLeave: leave, onBlur: leave })}>
      <Loaded {...props} over={over} />
    </Suspense>
  );
}
