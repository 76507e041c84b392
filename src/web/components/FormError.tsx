// Why a form was not sent (a field left out, the server's refusal), under its fields: a red
// alert read out at once (a plain red line in small dialogs), or nothing when there is no error.
import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function FormError({ children, testId, plain = false }: { children: ReactNode; testId?: string; plain?: boolean }) {
  if (!children) return null;
  if (plain)
    return (
      <Text c="red" size="sm" role="alert" data-testid={testId}>
        {children}
      </Text>
    );
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      {children}
    </Alert>
  );
}
