import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS, envelopeSchema, type ClientConfig } from '@safarnama/contract';
import { ok } from '../../http/envelope.js';

/** The answer's shape (the contract's `ClientConfig` interface, checked on the way out). */
const clientConfigSchema = z.object({
  location: z.object({
    ipLookupUrl: z.string(),
    reverseGeocodeUrl: z.string(),
    ipGeolocationUrl: z.string(),
    timeoutMs: z.number().int(),
  }),
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

/** `GET /api/v1/common/client-config` (public): what the browser needs before sign-in. */
export const clientConfigRoutes =
  ({ location }: { location: ClientConfig['location'] }) =>
  async (app: FastifyInstance) => {
    const config: ClientConfig = { location };
    app.withTypeProvider<ZodTypeProvider>().get(
      API_PATHS.common.clientConfig,
      {
        config: { access: 'public' },
        schema: {
          tags: ['common'],
          summary: 'Settings the web app needs before sign-in (location lookup services)',
          response: { 200: envelopeSchema(clientConfigSchema) },
        },
      },
      async () => ok(config, 'Client configuration'),
    );
  };
