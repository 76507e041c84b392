// The search box above an admin list: a plain text box with a magnifier, up to 200 characters.
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export const LIST_SEARCH_MAX = 200;

export function ListSearchInput({
  label = 'Search',
  placeholder,
  value,
  onChange,
  maw,
  testId,
}: {
  label?: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maw?: number;
  testId?: string;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={LIST_SEARCH_MAX}
      maw={maw}
      data-testid={testId}
    />
  );
}
