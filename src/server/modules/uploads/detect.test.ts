import { describe, expect, it } from 'vitest';
import { acceptRule } from './accept';
import { detectType, DOC, DOCX, OCTET, servedInline, XLS, XLSM, XLSX } from './detect';
import { PNG } from '../../testing/fixtures';

const b = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.isBuffer(p) ? p : Buffer.from(p))));
const zip = (...names: string[]) => b([0x50, 0x4b, 0x03, 0x04], Buffer.alloc(26), ...names.flatMap((n) => [n, Buffer.alloc(30)]));
const ole = (stream: string) => b([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], Buffer.alloc(500), Buffer.from(stream, 'utf16le'));


describe('detectType', () => {
  it.each([
    ['png', PNG, 'image/png'],
    ['jpeg', b([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg'],
    ['gif', b('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['gif87', b('GIF87a', [1, 0]), 'image/gif'],
    ['webp', b('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['wav', b('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['pdf', b('%PDF-1.7\n%âãÏÓ\n'), 'application/pdf'],
    ['mp3 with ID3', b('ID3', [3, 0, 0, 0, 0, 0]), 'audio/mpeg'],
    ['mp3 frame', b([0xff, 0xfb, 0x90, 0x00]), 'audio/mpeg'],
    ['mp4', b([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0]), 'video/mp4'],
    ['m4a', b([0, 0, 0, 0x18], 'ftypM4A ', [0, 0, 2, 0]), 'audio/mp4'],
    ['mov', b([0, 0, 0, 0x14], 'ftypqt  '), 'video/quicktime'],
    ['webm', b([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01], 'B\x82\x84webm'), 'video/webm'],
    ['mkv', b([0x1a, 0x45, 0xdf, 0xa3, 0x9f], 'B\x82\x88matroska'), 'video/x-matroska'],
    ['ogg opus', b('OggS', Buffer.alloc(24), 'OpusHead'), 'audio/ogg'],
    ['ogg theora', b('OggS', Buffer.alloc(24), '\x80theora'), 'video/ogg'],
    ['docx', zip('[Content_Types].xml', 'word/document.xml'), DOCX],
    ['xlsx', zip('[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'), XLSX],
    ['xlsm', zip('[Content_Types].xml', 'xl/workbook.xml', 'xl/vbaProject.bin'), XLSM],
    ['plain zip', zip('photo.jpg'), 'application/zip'],
    ['doc', ole('WordDocument'), DOC],
    ['xls', ole('Workbook'), XLS],
    ['other OLE', ole('Nothing'), OCTET],
    ['csv', b('Name,Qty\nApple,3\nPear,4\n'), 'text/csv'],
    ['semicolon csv', b('Name;Qty\r\nApple;3\r\n'), 'text/csv'],
    ['plain text', b('Hello there.\nSecond line without commas\n'), 'text/plain'],
    ['one-line text', b('just a note, with a comma'), 'text/plain'],
    ['utf-8 text', Buffer.from('Grüße aus Köln 👋', 'utf8'), 'text/plain'],
    ['empty', Buffer.alloc(0), 'text/plain'],
    ['svg', b('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml'],
    ['svg with prolog', Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<SVG width="1"></SVG>', 'utf8'), 'image/svg+xml'],
    ['html', b('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'), 'text/html'],
    ['html fragment', b('  <script>fetch("/api/auth")</script>'), 'text/html'],
    ['xml', b('<?xml version="1.0"?><rows><row>1</row></rows>'), 'application/xml'],
    ['xml without declaration', b('<rows><row>1</row></rows>'), 'application/xml'],
    ['binary', b([0x00, 0x01, 0x02, 0x03, 0xff, 0xfe]), OCTET],
    ['invalid utf-8', b([0x41, 0x42, 0xc3, 0x28]), OCTET],
    ['a png named .txt is still a png (bytes decide)', PNG, 'image/png'],
  ])('%s', (_name, bytes, type) => {
    expect(detectType(bytes)).toBe(type);
  });

  it.each([
    ['image/png', true],
    ['image/svg+xml', true],
    ['application/pdf', true],
    ['video/webm', true],
    ['text/plain', true],
    ['text/html', false],
    ['application/xml', false],
    ['application/zip', false],
    [DOCX, false],
    [OCTET, false],
  ])('%s served inline: %s', (type, inline) => {
    expect(servedInline(type)).toBe(inline);
  });
});

describe('acceptRule', () => {
  it.each([
    ['all', OCTET, true],
    ['', 'text/html', true],
    ['image', 'image/png', true],
    ['image', 'application/pdf', false],
    ['image/*', 'image/webp', true],
    ['image/*', 'video/mp4', false],
    ['video', 'video/webm', true],
    ['audio', 'audio/mpeg', true],
    ['audio', 'video/mp4', false],
    ['text', 'text/plain', true],
    ['text', 'text/csv', true],
    ['text', 'text/html', false],
    ['pdf', 'application/pdf', true],
    ['pdf', 'image/png', false],
    ['doc/docx', DOCX, true],
    ['doc/docx', DOC, true],
    ['doc/docx', XLSX, false],
    ['csv/xml/xls/xlsm/xlsx', 'text/csv', true],
    ['csv/xml/xls/xlsm/xlsx', 'application/xml', true],
    ['csv/xml/xls/xlsm/xlsx', XLSM, true],
    ['csv/xml/xls/xlsm/xlsx', XLS, true],
    ['csv/xml/xls/xlsm/xlsx', DOCX, false],
    ['application/pdf', 'application/pdf', true],
    ['image/png, image/jpeg', 'image/jpeg', true],
    ['image/png, image/jpeg', 'image/gif', false],
    ['.pdf,.docx', DOCX, true],
    ['.pdf,.docx', 'image/png', false],
    ['IMAGE', 'image/gif', true],
  ])('%s accepts %s: %s', (accept, type, ok) => {
    expect(acceptRule(accept)!.matches(type)).toBe(ok);
  });

  it.each([
    ['image', 'images'],
    ['image/*', 'images'],
    ['pdf, image', 'PDF files or images'],
    ['doc/docx', 'Word documents (doc, docx)'],
    ['.pdf', '.pdf files'],
  ])('labels %s as %s', (accept, label) => {
    expect(acceptRule(accept)!.label).toBe(label);
  });

  it.each([['banana'], ['.exe'], ['not a/type!']])('%s names nothing known', (accept) => {
    expect(acceptRule(accept)).toBeNull();
  });
});
