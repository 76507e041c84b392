// The description cleaner against an XSS corpus (what is executable never survives, in any
// spelling) and against the editor's own output (what the toolbar makes survives unchanged).
import { describe, expect, it } from 'vitest';
import { cleanDescription } from './sanitize';

/** Markup that runs something, or loads something from elsewhere, if it survives. */
const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<img src="https://evil.example/track.png">',
  '<img src="/api/uploads/../auth/logout">',
  '<img/src="x"/onerror="alert(1)">',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="//evil.example">x</a>',
  '<a href="/relative">x</a>',
  '<span style="background-image:url(javascript:alert(1))">x</span>',
  '<span style="color:red;background:url(https://evil.example/x)">x</span>',
  '<span style="color: expression(alert(1))">x</span>',
  '<span style="position:fixed;top:0;left:0;width:100%;height:100%">x</span>',
  '<p style="color:red">x</p>',
  '<div onmouseover="alert(1)">x</div>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="x.swf"></object>',
  '<embed src="x.swf">',
  '<form action="https://evil.example"><input name=q><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<style>*{background:url(https://evil.example/x)}</style>',
  '<base href="https://evil.example/">',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<!--<img src=x onerror=alert(1)>-->',
  '<template><img src=x onerror=alert(1)></template>',
  '<p id="x" class="y" data-x="1" title="t">x</p>',
];

/** Nothing that runs, loads or frames: tags, attributes and schemes outside the list. */
const EXECUTABLE =
  /<(?:script|svg|math|iframe|object|embed|form|input|button|meta|link|style|base|details|video|source|noscript|template|div)\b|\son\w+\s*=|javascript:|vbscript:|data:text|data:image\/svg|expression\(|url\(|srcdoc|evil\.example|<!--|position:|\sid=|\sclass=|\sdata-|\stitle=/i;

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
