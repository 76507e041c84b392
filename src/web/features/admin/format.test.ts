import { describe, expect, it } from 'vitest';
import { DESCRIPTION_SANDBOX, descriptionDocument } from './description';
import { checkRejectReason, formatInstant, REJECT_REASON_MAX, safeImageSrc, safeLink } from './format';

describe('formatInstant', () => {
  it('shows an instant in US English with the long month, hour and minute, in local time', () => {
    expect(formatInstant(new Date(2026, 2, 5, 10, 30).toISOString())).toBe('March 5, 2026, 10:30 AM');
    expect(formatInstant(new Date(2026, 10, 24, 0, 5).toISOString())).toBe('November 24, 2026, 12:05 AM');
    expect(formatInstant(new Date(2026, 0, 1, 12, 0).toISOString())).toBe('January 1, 2026, 12:00 PM');
    expect(formatInstant(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('December 31, 2026, 11:59 PM');
  });
  it("says 'N/A' when there is no date", () => {
    for (const v of [null, undefined, '', '   ', 'not a date']) expect(formatInstant(v), String(v)).toBe('N/A');
  });
});

describe('safeLink', () => {
  it('keeps http(s) addresses and paths of this site', () => {
    expect(safeLink('https://shop.sheetboard.example/?preview=1')).toBe('https://shop.sheetboard.example/?preview=1');
    expect(safeLink('http://localhost:3000/uploads/a.png')).toBe('http://localhost:3000/uploads/a.png');
    expect(safeLink('/uploads/a.png')).toBe('/uploads/a.png');
  });
  it('drops script links and other schemes', () => {
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '//evil.example/x', '/\\evil.example', 'x', ''])
      expect(safeLink(bad), bad).toBeNull();
  });
});

describe('safeImageSrc', () => {
  it('takes links and inline pictures, not inline documents or scripts', () => {
    expect(safeImageSrc('/uploads/a.png')).toBe('/uploads/a.png');
    expect(safeImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    for (const bad of ['data:image/svg+xml;base64,PHN2Zz4=', 'data:text/html;base64,PHNjcmlwdD4=', 'javascript:alert(1)', 'data:image/png;base64,"><script>'])
      expect(safeImageSrc(bad), bad).toBeNull();
  });
});

describe('the reason of a rejection', () => {
  it('is required and bounded', () => {
    expect(checkRejectReason('')).toBe('Please write what the owner should change.');
    expect(checkRejectReason('  \n ')).toBe('Please write what the owner should change.');
    expect(checkRejectReason('The preview shows no data.')).toBeNull();
    expect(checkRejectReason('x'.repeat(REJECT_REASON_MAX))).toBeNull();
    expect(checkRejectReason('x'.repeat(REJECT_REASON_MAX + 1))).toBe(`Please keep the reason under ${REJECT_REASON_MAX} characters.`);
  });
});

// The description reaches the page only inside a sandboxed frame: whatever slipped through the
// server's cleaning cannot run script, submit a form or reach this site's cookies.
const XSS = [
  '<script>window.parent.pwned=1</script>',
  '<img src=x onerror="window.parent.pwned=1">',
  '<a href="javascript:window.parent.pwned=1">x</a>',
  '<svg onload="window.parent.pwned=1"></svg>',
  '<iframe src="javascript:window.parent.pwned=1"></iframe>',
  '<form action="https://evil.example"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '</body></html><script>window.parent.pwned=1</script>',
];

describe('the description frame', () => {
  it('is sandboxed with no rights at all (no scripts, forms, popups or same-origin)', () => {
    expect(DESCRIPTION_SANDBOX).toBe('');
  });

  it('carries a policy that loads no script, frame or connection, only images and inline styles', () => {
    for (const html of XSS) {
      const doc = descriptionDocument(html, 'http://localhost:3000');
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(doc)?.[1];
      expect(policy).toBe("default-src 'none'; img-src data: blob: https: http:; style-src 'unsafe-inline'");
      // The policy comes before the description, so the description cannot come first.
      expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf(html));
      expect(doc).toContain(html);
    }
  });

  it('cannot be broken out of through the origin', () => {
    const doc = descriptionDocument('<p>x</p>', 'http://a"><script>alert(1)</script>');
    expect(doc).not.toContain('<script>');
    expect(doc).toContain('<base href="http://ascriptalert(1)/script/" target="_blank">');
  });
});
