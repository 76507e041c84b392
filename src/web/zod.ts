// The web build's `zod` (vite.config.ts aliases the bare specifier here): zod itself, told before
// any schema exists not to probe `new Function` for its compiled parsers, which the page's
// Content-Security-Policy (no 'unsafe-eval') refuses and reports as a violation. The interpreted
// parsers are plenty fast for a browser's forms. Only chunks that use zod (owner screens) load it,
// so the guest view's entry stays without it; the server keeps zod's compiled parsers.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
