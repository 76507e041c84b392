// Removing something from the blog admin's lists (a post, category, account or image): a
// confirmation first, whose red button tests find by its id; then the call, a toast that says
// what became of it, and the lists it touches read again. A refusal shows the server's words.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { useBlogFailure } from './BlogLoadError';

export function confirmDeletion({ title, text, confirm = 'Delete', onConfirm }: { title: string; text: ReactNode; confirm?: string; onConfirm: () => void }) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm, cancel: 'Cancel' },
    confirmProps: { color: 'red', 'data-testid': 'blog-confirm-delete' } as Record<string, string>,
    onConfirm,
  });
}

export function useBlogDelete({
  call,
  done,
  refresh,
  failure,
}: {
  call: (id: string) => Promise<unknown>;
  /** The success toast's title and message. */
  done: [string, string];
  refresh: readonly QueryKey[];
  /** The failure toast's title. */
  failure: string;
}) {
  const qc = useQueryClient();
  const failed = useBlogFailure();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      toast.success(...done);
      for (const queryKey of refresh) void qc.invalidateQueries({ queryKey });
    },
    onError: (e) => failed(failure, e),
  });
}
