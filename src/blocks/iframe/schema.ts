// Iframe block settings (spec, blocks-and-data §3 "Iframe": pasted iframe code). The code is
// parsed (iframe-code.ts): only a http(s) src and a few safe attributes are kept, and the frame
// is sandboxed. Data only (JSON round trip).
import type { BlockSchema } from '../../shared/settings/types';

export const iframeSchema: BlockSchema = {
  kind: 'iframe',
  name: 'Iframe',
  description: 'Embeds a page from another site (pasted embed code or a link), sandboxed.',
  category: 'media',
  icon: 'browser',
  usesSheet: false,
  data: 'none',
  settings: {
    iframe_code: {
      type: 'textarea',
      default: '',
      label: 'Iframe code',
      description: 'Paste the embed code (<iframe src="https://...">) or a link.',
    },
  },
};
