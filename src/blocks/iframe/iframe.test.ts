import { describe, expect, it } from 'vitest';
import { renderBlock, viewData } from '../testing/views';
import { DEFAULT_HEIGHT, IFRAME_HINT, IFRAME_SANDBOX, parseIframeCode, safeAllow, safeFrameSrc } from './iframe-code';
import { IframeBlock } from './IframeBlock';
import { iframeSchema } from './schema';

const YT =
  '<iframe width="560" height="315" src="https://www.youtube.com/embed/abc?si=x&amp;t=1" title="YouTube video player" frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>';

describe('parseIframeCode', () => {
  it('keeps the src and the safe attributes of pasted embed code', () => {
    expect(parseIframeCode(YT)).toEqual({
      ok: true,
      frame: {
        src: 'https://www.youtube.com/embed/abc?si=x&t=1',
        width: '560px',
        height: 315,
        title: 'YouTube video player',
        allow: 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share',
        allowFullScreen: true,
      },
    });
  });

  it.each<[string, string | null]>([
    ['<iframe src="https://example.com/a"></iframe>', 'https://example.com/a'],
    ["<IFRAME SRC='http://example.com/b'>", 'http://example.com/b'],
    ['<iframe src=https://example.com/c width=100%></iframe>', 'https://example.com/c'],
    ['https://example.com/plain', 'https://example.com/plain'],
    ['  https://example.com/spaces  ', 'https://example.com/spaces'],
    ['<div><p>Embed:</p><iframe src="https://maps.example/embed?q=1"></iframe></div>', 'https://maps.example/embed?q=1'],
    // Dangerous or unusable sources.
    ['<iframe src="javascript:alert(1)"></iframe>', null],
    ['<iframe src="JaVaScRiPt:alert(1)"></iframe>', null],
    ['<iframe src="java&#x09;script:alert(1)"></iframe>', null],
    ['<iframe src="&#106;avascript:alert(1)"></iframe>', null],
    ['<iframe src="data:text/html,<script>alert(1)</script>"></iframe>', null],
    ['<iframe src="blob:https://example.com/1"></iframe>', null],
    ['<iframe src="//evil.example/x"></iframe>', null],
    ['<iframe src="/relative"></iframe>', null],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', null],
    ['<iframe onload="alert(1)"></iframe>', null],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['not a link', null],
    ['<script>alert(1)</script>', null],
    ['<img src="https://example.com/x.png">', null],
    ['https://', null],
  ])('%s → %s', (code, src) => {
    const r = parseIframeCode(code);
    if (src === null) expect(r).toEqual({ ok: false, empty: false, message: IFRAME_HINT });
    else expect(r.ok && r.frame.src).toBe(src);
  });

  it('empty input is "nothing yet", not an error', () => {
    expect(parseIframeCode('')).toEqual({ ok: false, empty: true, message: IFRAME_HINT });
    expect(parseIframeCode('   ')).toMatchObject({ empty: true });
    expect(parseIframeCode(undefined)).toMatchObject({ empty: true });
  });

  it('drops event handlers, srcdoc, style, sandbox overrides and unknown attributes', () => {
    const r = parseIframeCode(
      '<iframe src="https://example.com/x" srcdoc="<b>x</b>" onload="alert(1)" onerror=alert(2) style="position:fixed" sandbox="allow-same-origin allow-scripts" name="x"></iframe>',
    );
    expect(r).toEqual({
      ok: true,
      frame: { src: 'https://example.com/x', width: '100%', height: DEFAULT_HEIGHT, title: 'Embedded page', allow: '', allowFullScreen: false },
    });
  });

  it('the first of duplicated attributes wins (as in the browser)', () => {
    const r = parseIframeCode('<iframe src="https://good.example/" src="javascript:alert(1)"></iframe>');
    expect(r.ok && r.frame.src).toBe('https://good.example/');
    expect(parseIframeCode('<iframe src="javascript:alert(1)" src="https://good.example/"></iframe>').ok).toBe(false);
  });

  it('a quoted ">" inside an attribute does not end the tag early', () => {
    const r = parseIframeCode('<iframe title="a > b" src="https://example.com/q"></iframe>');
    expect(r.ok && r.frame).toMatchObject({ src: 'https://example.com/q', title: 'a > b' });
  });

  it.each<[string, string, number]>([
    ['width="640" height="360"', '640px', 360],
    ['width="100%" height="500px"', '100%', 500],
    ['width="250%" height="20"', '100%', DEFAULT_HEIGHT],
    ['width="calc(100vw)" height="100%"', '100%', DEFAULT_HEIGHT],
    ['width="0" height="99999"', '100%', DEFAULT_HEIGHT],
    ['', '100%', DEFAULT_HEIGHT],
  ])('sizes %s → %s × %i', (attrs, width, height) => {
    const r = parseIframeCode(`<iframe src="https://example.com/" ${attrs}></iframe>`);
    expect(r.ok && [r.frame.width, r.frame.height]).toEqual([width, height]);
  });

  it.each<[string, string]>([
    ['autoplay; fullscreen', 'autoplay; fullscreen'],
    ['camera; microphone; geolocation; payment; usb', ''],
    ['autoplay https://evil.example; camera *', 'autoplay'],
    ['AUTOPLAY;autoplay; ; fullscreen', 'autoplay; fullscreen'],
  ])('allow %j → %j', (allow, kept) => expect(safeAllow(allow)).toBe(kept));

  it.each<[string, string | null]>([
    ['https://example.com', 'https://example.com/'],
    ['HTTPS://Example.com/A', 'https://example.com/A'],
    ['\u0000https://example.com', 'https://example.com/'],
    ['ftp://example.com', null],
    ['https://user:pw@', null],
  ])('safeFrameSrc(%j) → %j', (raw, out) => expect(safeFrameSrc(raw)).toBe(out));
});

const render = (code: string, mode: 'view' | 'edit' = 'view') => renderBlock(IframeBlock, iframeSchema, { iframe_code: code }, viewData(), mode);

describe('IframeBlock renders', () => {
  it('a sandboxed frame with the src, no referrer, lazy; never the pasted markup', () => {
    const html = render(`${YT}<script>alert(1)</script><img src=x onerror=alert(1)>`);
    expect(html).toContain(`sandbox="${IFRAME_SANDBOX}"`);
    expect(html).not.toContain('allow-same-origin');
    expect(html).toContain('src="https://www.youtube.com/embed/abc?si=x&amp;t=1"');
    expect(html).toContain('referrerPolicy="no-referrer"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('allowFullScreen=""');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<img');
    expect(html.match(/<iframe/g)).toHaveLength(1);
  });

  it('a plain link works too', () => {
    expect(render('https://example.com/page')).toContain('src="https://example.com/page"');
  });

  it('bad input: the editor explains what to paste; a guest sees a plain note', () => {
    const edit = render('<iframe src="javascript:alert(1)"></iframe>', 'edit');
    expect(edit).toContain('Paste the embed code (&lt;iframe src=&quot;https://...&quot;&gt;) or a link');
    expect(edit).not.toContain('<iframe');
    const view = render('<iframe src="javascript:alert(1)"></iframe>');
    expect(view).toContain('This embed cannot be shown.');
    expect(view).not.toContain('<iframe');
    expect(render('')).toContain('Nothing embedded yet.');
  });
});

describe('iframe schema', () => {
  it('needs no sheet and loads nothing', () => {
    expect(iframeSchema).toMatchObject({ usesSheet: false, data: 'none' });
    expect(iframeSchema.settings.iframe_code).toMatchObject({ type: 'textarea', default: '' });
  });
});
