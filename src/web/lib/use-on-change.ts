import { useState } from 'react';

/**
 * Calls `onChange(value)` while rendering the first render in which `value` differs from the last
 * one seen (not on mount): React's "adjust state when a prop changes". The `onChange` may set this
 * component's state; React renders again at once, before painting, so a dialog opening again never
 * shows a frame of its old draft, which resetting in an effect would. Only `value` triggers it, so
 * other props read inside (a board refetched while a dialog is open) never wipe a user's edits.
 */
export function useOnChange<T>(value: T, onChange: (value: T) => void): void {
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    onChange(value);
  }
}
