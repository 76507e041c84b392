// Imported first by main.tsx, before any schema exists: zod would otherwise probe `new Function`
// to compile fast parsers, which the page's Content-Security-Policy (no 'unsafe-eval') refuses and
// reports as a violation. The interpreted parsers are plenty fast for the forms of a browser.
import { z } from 'zod';

z.config({ jitless: true });
