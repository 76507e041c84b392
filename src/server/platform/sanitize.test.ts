// The description cleaner against an XSS corpus (what is executable never survives, in any
// spelling) and against the editor's own output (what the toolbar makes survives unchanged).
import { describe, expect, it } from 'vitest';
import { cleanDescription } from './sanitize';
import { EXECUTABLE, XSS_CORPUS as CORPUS } from '../testing/xss-corpus';

describe('cleanDescription', () => {
  it.each(CORPUS)('%s: nothing executable survives', (html) => {
    const out = cleanDescription(`<p>Kept</p>${html}`);
    expect(out).not.toMatch(EXECUTABLE);
    expect(out).toContain('<p>Kept</p>');
    // Cleaning is stable: cleaning the result again changes nothing.
    expect(cleanDescription(out)).toBe(out);
  });

  it.each([
    ['colour', '<span style="color:#ff0000">x</span>'],
    ['background colour', '<span style="background-color:#fff3e0">x</span>'],
    ['both, rgb', '<span style="color:rgb(33, 150, 243);background-color:rgba(0, 0, 0, 0.5)">x</span>'],
    ['a named colour', '<span style="color:red">x</span>'],
    ['headings', '<h1>a</h1><h2>b</h2><h3>c</h3>'],
    ['marks', '<p><strong>b</strong><b>b</b><em>i</em><i>i</i><u>u</u><s>s</s></p>'],
    ['lists', '<ol><li>a</li></ol><ul><li>b</li></ul>'],
    ['quote and code', '<blockquote><p>q</p></blockquote><pre><code>x = 1</code></pre>'],
    ['breaks and rules', '<p>a<br />b</p><hr />'],
    ['an inline image', '<img src="data:image/png;base64,iVBORw0KGgo=" alt="chart" />'],
    ['an uploaded image', '<img src="/api/uploads/AbC_d-12" />'],
    ['a link', '<a href="https://example.com/x?y=1&amp;z=2" target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['a mail link', '<a href="mailto:ann@example.com" target="_blank" rel="noopener noreferrer nofollow">m</a>'],
  ])('%s survives as the editor made it', (_name, html) => {
    expect(cleanDescription(html)).toBe(html);
  });

  it('links always open in a new tab without the opener; h4 and deeper are not kept as headings', () => {
    expect(cleanDescription('<a href="https://example.com" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(cleanDescription('<h4>deep</h4>')).toBe('deep');
  });
});
