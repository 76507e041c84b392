// GET /api/getENV/{name}: a few public settings the web app reads as raw text. A whitelist, so
// nothing secret can ever leak through it.
import { EnvNameParams } from '../../../shared/api/params';
import type { Config } from '../../config';
import type { ServerContext } from '../../platform/context';
import { notFound } from '../../errors';
import type { ApiServer } from '../../routing/input';

export function publicEnv(config: Config): Record<string, string> {
  return {
    BOARD_BASE_URL: `${config.publicScheme}://${config.baseHost}`,
    BASE_HOST: config.baseHost,
    MAX_IMPORT_MB: String(config.maxImportMb),
    // Map block (Leaflet): the tile template, its credit line and the tile provider's public
    // token. The geocoder's address and key stay on the server (GEOCODER_*).
    MAP_TILE_URL: config.mapTileUrl,
    MAP_ATTRIBUTION: config.mapAttribution,
    MAPS_ACCESS_TOKEN: config.mapsAccessToken,
    // The live-chat widget (shell §9): both empty when the chat is off.
    CHATWOOT_URL: config.chatwootUrl ?? '',
    CHATWOOT_WEBSITE_TOKEN: config.chatwootWebsiteToken ?? '',
  };
}

export function envRoutes(app: ApiServer, ctx: ServerContext) {
  app.get('/api/getENV/:name', { schema: { params: EnvNameParams }, config: { access: 'public', api: { tag: 'Site', summary: 'A public setting of the server, as raw text (BOARD_BASE_URL, BASE_HOST, MAX_IMPORT_MB, the map tiles, the chat widget)', produces: ['text/plain'] } } }, async (request, reply) => {
    const { name } = request.params;
    const env = publicEnv(ctx.config);
    // Own keys only: 'constructor' or '__proto__' must not reach Object.prototype.
    const value = Object.hasOwn(env, name) ? env[name] : undefined;
    if (value === undefined) throw notFound(`Unknown setting '${name}'`);
    return reply.type('text/plain; charset=utf-8').send(value);
  });
}
