// The foot of a form in a dialog or a card: 'Cancel' (leaves without saving), then the form's
// submit button at the right.
import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export function FormActions({ onCancel, submit, loading, color, disabled, gap }: { onCancel: () => void; submit: ReactNode; loading: boolean; color?: string; disabled?: boolean; gap?: MantineSpacing }) {
  return (
    <Group justify="flex-end" gap={gap}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" color={color} disabled={disabled} loading={loading}>
        {submit}
      </Button>
    </Group>
  );
}
