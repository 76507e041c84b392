// The coloured line a form or a list says its outcome in: a failure is an alert (read out at
// once), a success a status (either may take another colour). A notice with onClose can be dismissed.
import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';

const TONES = {
  error: { color: 'red', role: 'alert' },
  done: { color: 'teal', role: 'status' },
} as const;

export function Notice({ tone, onClose, children, ...rest }: { tone: keyof typeof TONES; onClose?: () => void; children: ReactNode } & Omit<AlertProps, 'role' | 'onClose' | 'withCloseButton' | 'children'>) {
  const { color, role } = TONES[tone];
  return (
    <Alert color={color} variant="light" role={role} withCloseButton={!!onClose} onClose={onClose} {...rest}>
      {children}
    </Alert>
  );
}

/** A failure the reader may dismiss; nothing while there is none. */
export function DismissableError({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  if (!message) return null;
  return (
    <Notice tone="error" onClose={onDismiss}>
      {message}
    </Notice>
  );
}
