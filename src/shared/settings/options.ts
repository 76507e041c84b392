// Select options written from their values, for schemas. Generic in the values so a schema
// declared with defineSettings keeps them as a union type (views read the setting as that union).
import type { SelectOption } from './types';

/** Options whose label is the value itself: 'Everyone' → { value: 'Everyone', label: 'Everyone' }. */
export function sameLabelOptions<const V extends string>(...values: V[]): (SelectOption & { value: V })[] {
  return values.map((value) => ({ value, label: value }));
}

/** Options labelled with the value capitalised: 'left' → { value: 'left', label: 'Left' }. */
export function capitalisedOptions<const V extends string>(...values: V[]): (SelectOption & { value: V })[] {
  return values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));
}
