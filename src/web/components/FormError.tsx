// Why a form was not sent (a field left out, the server's refusal), under its fields: a red
// alert read out at once, or nothing when there is no error.
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

export function FormError({ children, testId }: { children: ReactNode; testId?: string }) {
  if (!children) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      {children}
    </Alert>
  );
}
