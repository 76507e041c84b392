// A sign-in screen that says something rather than asks (a link followed, spent or incomplete):
// the framed card with its lines and ways on, one under the other.
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { AuthShell } from './AuthShell';

export function AuthMessage({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <AuthShell title={title} subtitle={subtitle}>
      <Stack>{children}</Stack>
    </AuthShell>
  );
}
