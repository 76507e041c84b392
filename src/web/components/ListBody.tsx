// A list's body in its four states, in the order every admin list checks them: loading (the
// puzzle), refused (the area's own error view, which also handles an ended session), empty (a
// short dimmed line) and the records.
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Loading } from './Loading';

interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

/** The line an empty list shows. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      {children}
    </Text>
  );
}

export function ListBody<T>({
  query,
  loading = <Loading />,
  failed,
  isEmpty,
  empty,
  children,
}: {
  query: ListQuery<T>;
  loading?: ReactNode;
  failed: (error: unknown) => ReactNode;
  isEmpty: (data: T) => boolean;
  /** Words go in an EmptyLine; anything else is shown as it is. */
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) return failed(query.error);
  // Neither loading nor refused means the data is there; the check only narrows its type.
  if (query.data === undefined) return null;
  if (isEmpty(query.data)) return typeof empty === 'string' ? <EmptyLine>{empty}</EmptyLine> : empty;
  return children(query.data);
}

/** How many records a list holds ('1 user', '12 users'), read out when it changes. */
export function CountLine({ total, one, many }: { total: number; one: string; many: string }) {
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {total === 1 ? `1 ${one}` : `${total} ${many}`}
    </Text>
  );
}
