// The path parameters of every /api route, in one place: a route names its resource by these, and
// the access rule resolves that resource from them (src/server/access). Ids of the older
// routes take any non-empty segment (an unknown one is a 404, as it always was); the later ones
// cap ids at 64 characters.
import { z } from 'zod';

const segment = z.string().min(1);
const shortId = z.string().min(1).max(64);

/** /api/apps/{id}, /api/pages/{id}, /api/blocks/{id}, /api/spreadsheets/{id}. */
export const IdParams = z.object({ id: segment });
/** /api/pages/{appId}, /api/apps/{appId}/pages/order. */
export const AppIdParams = z.object({ appId: segment });
/** /api/page/{slug}. */
export const SlugParams = z.object({ slug: segment });
/** /api/board/{spreadsheetId}/sheet/{sheetTitle}[/chart|/geo|/rows]. */
export const SheetParams = z.object({ spreadsheetId: segment, sheetTitle: segment });
/** /api/board/{spreadsheetId}/sheet/{sheetTitle}/rows/{rowId}. */
export const RowParams = SheetParams.extend({ rowId: segment });
/** /api/blocks/{blockId}/comments. */
export const CommentParams = z.object({ blockId: shortId });
/** /api/blocks/{blockId}/comments/{id}. */
export const CommentIdParams = CommentParams.extend({ id: shortId });
/** /api/blocks/{blockId}/actions/{index}/run. */
export const RunActionParams = z.object({ blockId: shortId, index: z.coerce.number().int().min(0).max(99) });
/** /api/mutipageapp_users/{appId}. */
export const AppUserAppParams = z.object({ appId: shortId });
/** /api/uploads/{id}, /api/workspace/editors/{id}. */
export const ShortIdParams = z.object({ id: shortId });
/** /api/getENV/{name}. */
export const EnvNameParams = z.object({ name: z.string() });

/**
 * The query naming the board a viewer reads through (an id, a subdomain, a page path or address;
 * `referer`: the page's own address), on every route a board's guests call.
 */
export const ViewerQuery = z.object({ board: z.string().optional(), referer: z.string().optional() });
