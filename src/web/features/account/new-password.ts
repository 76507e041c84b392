// A new password is typed twice (the account page and the reset link): both must be the same.
export const PASSWORDS_DIFFER = 'The two passwords are not the same';

/** The repeat field's message, when the new password is fine but the repeat is not the same. */
export function repeatMessage(password: string, repeat: string, passwordMessage: string | undefined): string | undefined {
  return !passwordMessage && password !== repeat ? PASSWORDS_DIFFER : undefined;
}
