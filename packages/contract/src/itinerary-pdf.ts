/**
 * Issue 22, the itinerary PDF (zod-free: the web's download button imports it). The route is
 * `API_PATHS.itineraryTools.pdf(id)`; the server names the file `<slug of the title>.pdf` in its
 * `Content-Disposition` (`itinerary.pdf` when the title has no Latin letters or digits).
 */

export const ITINERARY_PDF_TEXTS = {
  download: 'Download PDF',
  preparing: 'Preparing PDF…',
  /** The web's toast when the answer carries no message of its own. */
  failed: 'The PDF could not be prepared. Please try again.',
  /** 503 while as many PDFs are being made as the server takes at once. */
  busy: 'Too many PDFs are being prepared right now. Please try again in a few seconds.',
  /** The file name when the title gives no slug. */
  fallbackName: 'itinerary',
} as const;

/** `filename="kerala-backwaters.pdf"` of a `Content-Disposition` header, or null. */
export const pdfFileNameOf = (disposition: string | null | undefined): string | null => {
  const match = /filename="([^"]+)"/i.exec(disposition ?? '');
  return match?.[1] ?? null;
};
