import { describe, expect, it } from 'vitest';
import { cleanAuthor, cleanCommentText, COMMENT_MESSAGES, commentIssues, commentsPerPage, countLinks } from './comments';

describe('comment rules', () => {
  it.each<[{ body: unknown; author?: unknown }, boolean, string[]]>([
    [{ body: 'Nice!', author: 'Ann' }, false, []],
    [{ body: '  Nice!  ' }, true, []],
    [{ body: '   ', author: 'Ann' }, false, [COMMENT_MESSAGES.empty]],
    [{ body: undefined, author: 'Ann' }, false, [COMMENT_MESSAGES.empty]],
    [{ body: 'x'.repeat(2000), author: 'Ann' }, false, []],
    [{ body: 'x'.repeat(2001), author: 'Ann' }, false, [COMMENT_MESSAGES.tooLong]],
    [{ body: '😀'.repeat(2000), author: 'Ann' }, false, []],
    [{ body: 'Hi' }, false, [COMMENT_MESSAGES.noName]],
    [{ body: 'Hi', author: '   ' }, false, [COMMENT_MESSAGES.noName]],
    [{ body: 'Hi', author: 'a'.repeat(80) }, false, []],
    [{ body: 'Hi', author: 'a'.repeat(81) }, false, [COMMENT_MESSAGES.nameTooLong]],
    [{ body: 'see https://a.example and https://b.example', author: 'Ann' }, false, []],
    [{ body: 'https://a.example www.b.example c.example/x', author: 'Ann' }, false, [COMMENT_MESSAGES.tooManyLinks]],
    [{ body: '', author: '' }, false, [COMMENT_MESSAGES.empty, COMMENT_MESSAGES.noName]],
  ])('%j (signed in %s) → %j', (input, signedIn, messages) => expect(commentIssues(input, signedIn).map((i) => i.message)).toEqual(messages));

  it.each<[string, number]>([
    ['no links here. Really.', 0],
    ['http://a.example/x', 1],
    ['www.example.com and example.org/path', 2],
    ['e.g. this is fine', 0],
  ])('countLinks(%j) = %i', (text, n) => expect(countLinks(text)).toBe(n));

  it('cleans text: control characters go, line breaks stay, CRLF becomes LF', () => {
    expect(cleanCommentText(' a\r\nb\u0000c\u202e ')).toBe('a\nbc');
    expect(cleanAuthor('  Ann \n  Lee ')).toBe('Ann Lee');
  });

  it.each<[unknown, number]>([
    ['5', 5],
    ['50', 50],
    [25, 25],
    ['7', 10],
    [undefined, 10],
  ])('commentsPerPage(%j) = %i', (v, n) => expect(commentsPerPage(v)).toBe(n));
});
