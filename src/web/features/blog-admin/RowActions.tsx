// A row's two icon buttons in the blog admin's tables: change it (a link or a dialog) and delete
// it. Each is named after the row ('Edit {title}', 'Delete {title}') for screen readers and tests.
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';

export function RowActions({
  name,
  change,
  onDelete,
  deleteTestId,
}: {
  name: string;
  /** 'Edit' opens `to`; 'Rename' calls `onClick`. */
  change: { label: 'Edit'; to: string } | { label: 'Rename'; onClick: () => void };
  onDelete: () => void;
  deleteTestId?: string;
}) {
  const changeLabel = `${change.label} ${name}`;
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={change.label}>
        {'to' in change ? (
          <ActionIcon component={Link} to={change.to} variant="subtle" aria-label={changeLabel}>
            <IconPencil size={16} />
          </ActionIcon>
        ) : (
          <ActionIcon onClick={change.onClick} variant="subtle" aria-label={changeLabel}>
            <IconPencil size={16} />
          </ActionIcon>
        )}
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${name}`} data-testid={deleteTestId}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
