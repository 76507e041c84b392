// A dialog form's buttons, bottom right: Cancel (closes without saving) and the form's submit.
import { Button, Group, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

export function DialogActions({
  onCancel,
  submit,
  loading,
  color,
  gap,
  submitTestId,
}: {
  onCancel: () => void;
  submit: ReactNode;
  loading: boolean;
  color?: MantineColor;
  gap?: 'xs';
  submitTestId?: string;
}) {
  return (
    <Group justify="flex-end" gap={gap}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" color={color} loading={loading} data-testid={submitTestId}>
        {submit}
      </Button>
    </Group>
  );
}
