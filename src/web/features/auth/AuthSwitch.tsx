// The line under a sign-in screen's form that leads to its neighbour: "New to Sheetboard? Create an
// account", "Already have an account? Sign in", "Remembered it? Sign in".
import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function AuthSwitch({ question, to, children }: { question: string; to: string; children: ReactNode }) {
  return (
    <Text size="sm" ta="center">
      {question}{' '}
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Text>
  );
}
