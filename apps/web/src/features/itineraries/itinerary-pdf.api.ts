import { API_PATHS, ITINERARY_PDF_TEXTS, pdfFileNameOf } from '@safarnama/contract';
import { injectEndpoints, mutation, type ApiArgs } from '../../app/api';

/** A prepared PDF: an object URL of its bytes (a string, so the store can hold it) and its name. */
export interface PreparedPdf {
  url: string;
  fileName: string;
}

/**
 * `GET itinerary/{id}/pdf` (issue 22) through the app's one base query, so the Bearer token or
 * cookie, the client header, a 401 (session ended) and a 503 are handled as for every call. A
 * success becomes an object URL with the server's file name; a failure is read as the error
 * envelope it is.
 */
export const pdfRequest = (id: string): ApiArgs => ({
  url: API_PATHS.itineraryTools.pdf(id),
  responseHandler: async (response: Response) => {
    if (!response.ok) {
      const type = response.headers.get('content-type') ?? '';
      return type.includes('json') ? response.json() : response.text();
    }
    const blob = await response.blob();
    const prepared: PreparedPdf = {
      url: URL.createObjectURL(blob),
      fileName:
        pdfFileNameOf(response.headers.get('content-disposition')) ??
        `${ITINERARY_PDF_TEXTS.fallbackName}.pdf`,
    };
    return prepared;
  },
});

export const itineraryPdfApi = injectEndpoints({
  downloadItineraryPdf: mutation(pdfRequest, (prepared: PreparedPdf) => prepared),
});

export const { useDownloadItineraryPdfMutation } = itineraryPdfApi;
