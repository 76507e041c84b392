// Pasted text (URLs, embed code, file names) can carry invisible control characters that break a
// link or a download name. One rule for removing them, without a regular expression over control
// characters (which reads as a mistake to the linter and to people alike).

/** C0 control characters (U+0000–U+001F) and DEL (U+007F). */
export function isControlChar(code: number): boolean {
  return code <= 0x1f || code === 0x7f;
}

/** The text without C0 control characters and DEL (tabs and line breaks included). */
export function stripControlChars(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isControlChar(code)) out += text[i];
  }
  return out;
}
