import { Modal } from '@mantine/core';
import { NewAppForm } from './NewAppForm';

export function NewBoardModal({
  opened,
  onClose,
  initialSpreadsheetId = null,
}: {
  opened: boolean;
  onClose: () => void;
  /** Set when the modal is opened from a spreadsheet's own 'New board' button. */
  initialSpreadsheetId?: string | null;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="New board" centered>
      <NewAppForm kind="board" opened={opened} onCancel={onClose} onCreated={onClose} initialSpreadsheetId={initialSpreadsheetId} />
    </Modal>
  );
}
