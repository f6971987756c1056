import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS } from '@safarnama/contract';
import { errorResponses } from '../../http/schemas.js';
import type { ItineraryPdfService } from './itinerary-pdf.service.js';

const ID = '__id__';
/** `/api/v1/admin/itinerary/:id/pdf` (the contract's builder encodes what it is given). */
const PDF_ROUTE = API_PATHS.itineraryTools.pdf(ID).replace(ID, ':id');

export interface ItineraryPdfRoutesDeps {
  pdfs: ItineraryPdfService;
}

/** Issue 22: the itinerary as a PDF to send to a customer. */
export const itineraryPdfRoutes =
  ({ pdfs }: ItineraryPdfRoutesDeps) =>
  async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      PDF_ROUTE,
      {
        config: { access: 'itineraries.view' },
        schema: {
          tags: ['itineraries'],
          summary:
            'The itinerary as an A4 PDF for a customer (application/pdf, an attachment named after the title)',
          description:
            'Logo and name from Basic Settings, cover, facts and the lowest price, highlights, the day-by-day plan with places, meals, stay, transfer and pictures, inclusions and exclusions, the price table with the GST note, FAQs and the policy chosen in Policy Settings. Drawn in a separate process; 503 while too many are being drawn.',
          params: z.strictObject({ id: z.string().max(100) }),
          produces: ['application/pdf'],
          response: {
            200: z.string().meta({ format: 'binary', description: 'The PDF document' }),
            ...errorResponses(401, 403, 404, 503),
          },
        },
      },
      async (request, reply) => {
        const { pdf, fileName } = await pdfs.download(request.params.id);
        return (
          reply
            .type('application/pdf')
            .header('content-disposition', `attachment; filename="${fileName}"`)
            .header('cache-control', 'no-store')
            // Bytes go out as they are (Fastify serializes only objects); the 200 schema above is
            // what the OpenAPI document says about them.
            .send(pdf as unknown as string)
        );
      },
    );
  };
