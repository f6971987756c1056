import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS, envelopeSchema, type Branding, type ClientConfig } from '@safarnama/contract';
import { ok } from '../../http/envelope.js';

/** The answer's shape (the contract's `ClientConfig` interface, checked on the way out). */
const clientConfigSchema = z.object({
  location: z.object({
    ipLookupUrl: z.string(),
    reverseGeocodeUrl: z.string(),
    ipGeolocationUrl: z.string(),
    timeoutMs: z.number().int(),
  }),
  branding: z
    .object({
      productName: z.string(),
      logoUrl: z.string().nullable(),
      currencySymbol: z.string(),
      timeZone: z.string(),
    })
    .optional(),
  mapTileUrl: z.string().nullable().optional(),
}) satisfies z.ZodType<ClientConfig>;

/** Every lookup off: what an app built without LOCATION_* settings (tests) answers. */
export const LOCATION_SERVICES_OFF: ClientConfig['location'] = {
  ipLookupUrl: '',
  reverseGeocodeUrl: '',
  ipGeolocationUrl: '',
  timeoutMs: 3000,
};

/**
 * The origins the login page's location lookups talk to, for the CSP `connect-src` (an empty or
 * unparsable URL adds nothing).
 */
export const locationOrigins = (location: ClientConfig['location']): string[] => {
  const origins = new Set<string>();
  for (const url of [location.ipLookupUrl, location.reverseGeocodeUrl, location.ipGeolocationUrl]) {
    if (!url) continue;
    try {
      const { origin, protocol } = new URL(url);
      if (protocol === 'https:' || protocol === 'http:') origins.add(origin);
    } catch {
      // not a URL: nothing to allow
    }
  }
  return [...origins];
};

export interface ClientConfigDeps {
  location: ClientConfig['location'];
  /**
   * The Basic Settings' branding (issue 20). Read from the basic-settings service's cache, which
   * every save drops here and, by peer signal, in every other process: the answer stays a memory
   * read and is never stale after a save. Left out (tests of the location part): no `branding`.
   */
  branding?: () => Promise<Branding>;
  /** The maps' tile URL template (MAP_TILE_URL, issue 22); null: tiles off. */
  mapTileUrl: string | null;
}

/** `GET /api/v1/common/client-config` (public): what the browser needs before sign-in. */
export const clientConfigRoutes =
  ({ location, branding, mapTileUrl }: ClientConfigDeps) =>
  async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      API_PATHS.common.clientConfig,
      {
        config: { access: 'public' },
        schema: {
          tags: ['common'],
          summary:
            'Settings the web app needs before sign-in (location lookup services, branding, map tiles)',
          response: { 200: envelopeSchema(clientConfigSchema) },
        },
      },
      async (_request, reply) => {
        // Read again after every Basic Settings save (the `branding-changed` event): no caching.
        reply.header('cache-control', 'no-store');
        const config: ClientConfig = branding
          ? { location, branding: await branding(), mapTileUrl }
          : { location, mapTileUrl };
        return ok(config, 'Client configuration');
      },
    );
  };
