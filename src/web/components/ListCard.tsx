// A card around a list the owner manages (editors, tokens): its heading, why the last change to it
// failed (dismissable), why it did not load, then the list.
import { Card, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DismissableError, Notice } from './Notice';

export function ListCard({ heading, changeError, onDismissChangeError, loadError, children }: { heading: ReactNode; changeError: string | null; onDismissChangeError: () => void; loadError: Error | null; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        {heading}
        <DismissableError message={changeError} onDismiss={onDismissChangeError} />
        {loadError && <Notice tone="error">{loadError.message}</Notice>}
        {children}
      </Stack>
    </Card>
  );
}
