// The confirm dialogs of the owner's screens (@mantine/modals). Only the dashboard and the editor
// use them, so the provider lives in their lazy chunks, not in the app's entry: a guest does not
// download the modal stack (issue 4, the guest view's JavaScript budget).
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';

export function OwnerModals({ children }: { children: ReactNode }) {
  return <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>{children}</ModalsProvider>;
}
