import type { FastifyBaseLogger } from 'fastify';
import { POLICY_LABELS } from '@safarnama/contract';
import type { Database } from '../../db/client.js';
import { findImagesByIds, listImagesOf, type ImageRow } from '../../media/images.repo.js';
import type { StorageDriver } from '../../media/storage.js';
import { LOGO_OWNER_ID, type BasicSettingsService } from '../settings/basic.service.js';
import type { PolicyService } from '../settings/policies.service.js';
import type { ItineraryService } from './itineraries.service.js';
import {
  pdfFileName,
  pdfImageIds,
  pdfImageKey,
  pdfImagePlan,
  type PdfImageBytes,
  type PdfImageRef,
  type PdfInput,
} from './itinerary-pdf.plan.js';
import type { ReadImageBytes } from './itinerary-pdf.process.js';

export interface ItineraryPdfServiceDeps {
  itineraries: Pick<ItineraryService, 'get'>;
  /** Basic Settings (name, logo, contacts, currency sign, time zone) and Policy Settings. */
  settings: {
    basic: Pick<BasicSettingsService, 'get'>;
    policies: Pick<PolicyService, 'get'>;
  };
  db: Database;
  storage: StorageDriver;
  /**
   * Draws the document (the PDF process, itinerary-pdf.process.ts), asking for the image files it
   * has not converted before.
   */
  draw: (input: PdfInput, read: ReadImageBytes) => Promise<Buffer>;
  now?: () => Date;
  log?: FastifyBaseLogger;
}

/** At most this many image files are read from storage at once. */
const READS_AT_ONCE = 4;

/**
 * The itinerary PDF (issue 22): `render(id)` gathers what the document prints — the itinerary as
 * `get` answers it (404 for an unknown or malformed id), the Basic Settings' name, logo and
 * contacts, the policy chosen in Policy Settings, and the bytes of the cover, the days' pictures
 * and the gallery (the stored 768 px WebP variants, read through the storage driver, never over
 * HTTP) — and has the PDF process draw it. The public share page calls `render`; the admin
 * route `download`, which names the file too.
 */
export const createItineraryPdfService = ({
  itineraries,
  settings,
  db,
  storage,
  draw,
  now = () => new Date(),
  log,
}: ItineraryPdfServiceDeps) => {
  /** The files of these keys through the storage driver; one that cannot be read is left out. */
  const readFiles = async (keys: string[]): Promise<PdfImageBytes> => {
    const bytes: PdfImageBytes = {};
    for (let i = 0; i < keys.length; i += READS_AT_ONCE) {
      await Promise.all(
        keys.slice(i, i + READS_AT_ONCE).map(async (key) => {
          try {
            bytes[key] = await storage.read(key);
          } catch (err) {
            log?.warn({ err, key }, 'An image file of an itinerary PDF could not be read');
          }
        }),
      );
    }
    return bytes;
  };

  const refOf = (row: ImageRow): PdfImageRef => ({ id: row.id, key: pdfImageKey(row) });

  /** The PDF and the name to save it under. */
  const download = async (itineraryId: string): Promise<{ pdf: Buffer; fileName: string }> => {
    const itinerary = await itineraries.get(itineraryId);
    const ids = pdfImageIds(pdfImagePlan(itinerary));
    const [basic, policies, rows] = await Promise.all([
      settings.basic.get(),
      settings.policies.get(),
      findImagesByIds(db, ids),
    ]);
    const [logoRow] = basic.logoUrl ? await listImagesOf(db, 'app-logo', [LOGO_OWNER_ID]) : [];
    const choice = policies.itineraryPdfPolicy;
    const policy =
      choice === 'none' ? null : { title: POLICY_LABELS[choice], html: policies[choice].content };
    const pdf = await draw(
      {
        itinerary,
        business: {
          name: basic.productName,
          email: basic.supportEmail,
          phone: basic.supportPhone,
          currencySymbol: basic.currencySymbol,
          timeZone: basic.timeZone,
        },
        madeAt: now().toISOString(),
        policy,
        images: rows.map(refOf),
        logo: logoRow ? refOf(logoRow) : null,
      },
      readFiles,
    );
    return { pdf, fileName: pdfFileName(itinerary.title) };
  };

  /** The PDF of an itinerary (the share page's "Download PDF" calls this too). */
  const render = async (itineraryId: string): Promise<Buffer> => (await download(itineraryId)).pdf;

  return { render, download };
};
export type ItineraryPdfService = ReturnType<typeof createItineraryPdfService>;
