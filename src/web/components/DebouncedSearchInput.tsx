// The search box of a public listing (marketplace, blog). The box shows what is typed; the
// listing gets it after a pause (Enter sends it at once). Back / Forward, or a filter chip that
// clears the search, change the committed value, and the box follows.
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useOnChange } from '../lib/use-on-change';

export function DebouncedSearchInput({
  value,
  onCommit,
  delay,
  placeholder,
  maxLength,
  testId,
}: {
  /** The search the listing shows now. */
  value: string;
  onCommit: (q: string) => void;
  delay: number;
  placeholder: string;
  maxLength: number;
  testId?: string;
}) {
  const [text, setText] = useState(value);
  const commit = useDebouncedCallback(onCommit, delay);
  useOnChange(value, (q) => {
    commit.cancel();
    setText(q);
  });
  return (
    <TextInput
      label="Search"
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      maxLength={maxLength}
      data-testid={testId}
      onChange={(e) => {
        setText(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit.flush();
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear the search"
            onClick={() => {
              commit.cancel();
              setText('');
              onCommit('');
            }}
          />
        ) : null
      }
      type="search"
    />
  );
}
