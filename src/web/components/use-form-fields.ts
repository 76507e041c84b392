// The state of a form's text fields: their values, one message per field (a field's message goes
// when it is typed in), and the props a Mantine input takes for a field.
import { useState, type ChangeEvent } from 'react';
import { issuesByPath } from '../lib/api';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
type Issues = readonly { path: readonly PropertyKey[]; message: string }[];
type Parsed<D> = { success: true; data: D } | { success: false; error: { issues: Issues } };

/** The first message of a zod parse per field, as the server would word it. */
export function firstIssues(issues: Issues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0])] ??= i.message;
  return out;
}

/** What a refused request says about `field`: the server's message for it, else its whole message. */
export function fieldMessage(e: unknown, field: string): string {
  return issuesByPath(e)[field] ?? (e as Error).message;
}

export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [start] = useState(initial);
  const [values, setValues] = useState<T>(start);
  type Key = keyof T & string;
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const set = (key: Key, value: string) => {
    setValues((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };
  /** value, onChange and error of an input bound to `key`. */
  const field = (key: Key) => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value),
    error: errors[key],
  });
  /** A zod parse of the values (the server's own schema, so the words match): its data, or undefined with the fields' messages shown. */
  const check = <D>(parsed: Parsed<D>): D | undefined => {
    setErrors(parsed.success ? {} : (firstIssues(parsed.error.issues) as FieldErrors<Key>));
    return parsed.success ? parsed.data : undefined;
  };
  return { values, errors, setErrors, set, field, check, reset: () => setValues(start) };
}
