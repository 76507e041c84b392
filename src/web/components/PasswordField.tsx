// A password box of the staff logins and invitations: up to 200 characters (the server's limit),
// with the autocomplete hint that tells a password manager whether to fill or to save.
import { PasswordInput } from '@mantine/core';

export function PasswordField({
  label,
  description,
  autoComplete,
  value,
  onChange,
  testId,
}: {
  label: string;
  description?: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  return (
    <PasswordInput
      label={label}
      description={description}
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={200}
      data-testid={testId}
    />
  );
}
