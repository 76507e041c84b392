// Rules of the comments block (blocks-and-data §3 "Video, audio, comments"), the same in the
// browser (before sending) and on the server (which decides). Comments are plain text: they are
// never read as HTML or Markdown anywhere.
import { isControlChar, isInvisibleFormatChar, withoutChars } from './control-chars';

export const COMMENT_MAX_LENGTH = 2000;
export const AUTHOR_MAX_LENGTH = 80;
/** More links than this in one comment is what spam looks like. */
export const COMMENT_MAX_LINKS = 2;
export const COMMENTS_PER_PAGE_OPTIONS = ['5', '10', '15', '20', '25', '50'] as const;
export const DEFAULT_COMMENTS_PER_PAGE = 10;

export const COMMENT_MESSAGES = {
  empty: 'Write a comment first.',
  tooLong: `Comments can be at most ${COMMENT_MAX_LENGTH} characters.`,
  tooManyLinks: `Comments may contain at most ${COMMENT_MAX_LINKS} links.`,
  noName: 'Enter your name to comment.',
  nameTooLong: `Names can be at most ${AUTHOR_MAX_LENGTH} characters.`,
} as const;

/** Control characters other than line breaks and tabs go; lines end in \n; ends are trimmed. */
export function cleanCommentText(v: unknown): string {
  if (typeof v !== 'string') return '';
  const text = v.replace(/\r\n?/g, '\n');
  return withoutChars(text, (c) => (isControlChar(c) && c !== 0x09 && c !== 0x0a) || isInvisibleFormatChar(c)).trim();
}

/** A name on one line, spaces collapsed. */
export function cleanAuthor(v: unknown): string {
  return cleanCommentText(v).replace(/\s+/g, ' ');
}

/** Links in a text: http(s)://…, www.…, and bare domains with a path (example.com/x). */
export function countLinks(text: string): number {
  const matches = text.match(/\bhttps?:\/\/\S+|\bwww\.\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/\S*/gi);
  return matches ? matches.length : 0;
}

export interface CommentIssue {
  path: 'body' | 'author';
  message: string;
}

/** Problems of a comment about to be posted; `signedIn` posters need no name (theirs is used). */
export function commentIssues(input: { body: unknown; author?: unknown }, signedIn: boolean): CommentIssue[] {
  const issues: CommentIssue[] = [];
  const body = cleanCommentText(input.body);
  if (!body) issues.push({ path: 'body', message: COMMENT_MESSAGES.empty });
  else if ([...body].length > COMMENT_MAX_LENGTH) issues.push({ path: 'body', message: COMMENT_MESSAGES.tooLong });
  else if (countLinks(body) > COMMENT_MAX_LINKS) issues.push({ path: 'body', message: COMMENT_MESSAGES.tooManyLinks });
  if (!signedIn) {
    const author = cleanAuthor(input.author);
    if (!author) issues.push({ path: 'author', message: COMMENT_MESSAGES.noName });
    else if ([...author].length > AUTHOR_MAX_LENGTH) issues.push({ path: 'author', message: COMMENT_MESSAGES.nameTooLong });
  }
  return issues;
}

/** comments_per_page as a number (10 for anything outside the spec's choices). */
export function commentsPerPage(v: unknown): number {
  const s = String(v ?? '');
  return (COMMENTS_PER_PAGE_OPTIONS as readonly string[]).includes(s) ? Number(s) : DEFAULT_COMMENTS_PER_PAGE;
}
