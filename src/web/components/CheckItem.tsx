// One line of a checklist (what a plan allows, what Stripe has of an account): a tick or a cross,
// then the words.
import { List, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function CheckItem({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <List.Item
      icon={
        <ThemeIcon size={20} radius="xl" color={ok ? 'teal' : 'gray'} variant="light" aria-hidden>
          {ok ? <IconCheck size={14} /> : <IconX size={14} />}
        </ThemeIcon>
      }
    >
      {children}
    </List.Item>
  );
}
