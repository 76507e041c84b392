// The most common passwords, refused for every new password (owners, app users): the ranked list
// of zxcvbn-ts (@zxcvbn-ts/language-common, ~49,000 passwords seen most often in breaches), kept
// offline in the package so no password leaves the server. Only the list is used, not the
// strength estimator: a rule a person can understand ("this one is too common"), and no
// pattern scoring that would refuse long passphrases of plain words.
import { dictionary } from '@zxcvbn-ts/language-common';

const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** Whether the password, ignoring case and surrounding spaces, is on the list. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}

export const COMMON_PASSWORD_COUNT = COMMON.size;
