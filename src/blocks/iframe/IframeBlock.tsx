// Iframe view: a frame built from the parsed embed code (never the pasted HTML), sandboxed without
// allow-same-origin so the embedded page gets an opaque origin: it cannot reach this page, its
// storage or its cookies. No referrer is sent; the frame loads when it scrolls into view.
import { IconCode } from '@tabler/icons-react';
import { useMemo } from 'react';
import { BlockFrame, NoSource } from '../BlockFrame';
import type { BlockViewProps } from '../types';
import { IFRAME_SANDBOX, parseIframeCode } from './iframe-code';

export function IframeBlock({ config, mode }: BlockViewProps) {
  const parsed = useMemo(() => parseIframeCode(config.iframe_code), [config.iframe_code]);
  let body;
  if (parsed.ok) {
    const f = parsed.frame;
    body = (
      <iframe
        src={f.src}
        title={f.title}
        width={f.width}
        height={f.height}
        sandbox={IFRAME_SANDBOX}
        referrerPolicy="no-referrer"
        loading="lazy"
        {...(f.allow ? { allow: f.allow } : {})}
        {...(f.allowFullScreen ? { allowFullScreen: true } : {})}
        style={{ width: f.width, maxWidth: '100%', height: f.height, border: 0, display: 'block', borderRadius: 6 }}
      />
    );
  } else body = <NoSource source={parsed} mode={mode} icon={<IconCode size={18} />} texts={{ empty: 'Nothing embedded yet.', unusable: 'This embed cannot be shown.' }} />;
  return <BlockFrame config={config}>{body}</BlockFrame>;
}

export default IframeBlock;
