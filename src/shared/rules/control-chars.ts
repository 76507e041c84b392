// Pasted text (URLs, embed code, file names) can carry invisible control characters that break a
// link or a download name. One rule for removing them, without a regular expression over control
// characters (which reads as a mistake to the linter and to people alike).

/** C0 control characters (U+0000–U+001F) and DEL (U+007F). */
export function isControlChar(code: number): boolean {
  return code <= 0x1f || code === 0x7f;
}

/** The text without C0 control characters and DEL (tabs and line breaks included). */
export function stripControlChars(text: string): string {
  return withoutChars(text, isControlChar);
}

/**
 * Zero-width characters (U+200B–U+200F) and bidirectional overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069): invisible, and able to make text read differently from how it is stored.
 */
export function isInvisibleFormatChar(code: number): boolean {
  return (code >= 0x200b && code <= 0x200f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

/** The text without the characters `drop` names (by UTF-16 code unit). */
export function withoutChars(text: string, drop: (code: number) => boolean): string {
  let out = '';
  for (let i = 0; i < text.length; i++) if (!drop(text.charCodeAt(i))) out += text[i];
  return out;
}
