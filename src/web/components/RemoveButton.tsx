// A row's red button that takes the row's item away (remove, delete, revoke), named for the item
// so each row's button is told apart ('Remove ana@example.com').
import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

export function RemoveButton({ action, name, onClick, loading, variant = 'light' }: { action: string; name: string; onClick: () => void; loading?: boolean; variant?: 'light' | 'subtle' }) {
  return (
    <Button size="xs" variant={variant} color="red" leftSection={<IconTrash size={14} />} onClick={onClick} loading={loading} aria-label={`${action} ${name}`}>
      {action}
    </Button>
  );
}
