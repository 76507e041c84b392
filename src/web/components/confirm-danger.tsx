// The question before something that cannot be taken back (remove, revoke, delete): a red confirm
// button, 'Cancel' to keep things as they are.
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export function confirmDanger({ title, question, confirm, onConfirm, zIndex }: { title: string; question: string; confirm: string; onConfirm: () => void; zIndex?: number }) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{question}</Text>,
    labels: { confirm, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    zIndex,
    onConfirm,
  });
}
