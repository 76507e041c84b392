// What a new password must be, in the words every form shows. The length rule is checked in the
// browser too (zod schemas in shared/api); the list of common passwords is large, so only the
// server holds it (server/modules/auth/common-passwords.ts) and the forms show its answer.

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.';
