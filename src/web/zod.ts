// The web build's `zod` (vite.config.ts aliases the bare specifier here): zod itself, told before
// any schema exists not to probe `new Function` for its compiled parsers, which the page's
// Content-Security-Policy (no 'unsafe-eval') refuses and reports as a violation. The interpreted
// parsers are plenty fast for a browser's forms. Only chunks that use zod (owner screens) load it,
// so the guest view's entry stays without it; the server keeps zod's compiled parsers.
import { z } from 'zod/v4';
import { peopleMessage } from '../shared/zod-messages';

// customError: validation messages for people, the same sentences the server answers.
z.config({ jitless: true, customError: peopleMessage });

export * from 'zod/v4';
export { z };
export default z;
