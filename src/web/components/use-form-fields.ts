// The state of a form's text fields: their values, one message per field (a field's message goes
// when it is typed in), and the props a Mantine input takes for a field.
import { useState, type ChangeEvent } from 'react';
import { issuesByPath } from '../lib/api';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message of a zod parse per field, as the server would word it. */
export function firstIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
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
  const [errors, setErrors] = useState<FieldErrors<keyof T & string>>({});
  const set = (key: keyof T & string, value: string) => {
    setValues((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };
  /** value, onChange and error of an input bound to `key`. */
  const field = (key: keyof T & string) => ({
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value),
    error: errors[key],
  });
  return { values, errors, setErrors, set, field, reset: () => setValues(start) };
}
