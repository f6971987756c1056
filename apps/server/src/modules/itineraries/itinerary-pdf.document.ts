/**
 * The itinerary PDF itself (issue 22), drawn with pdfkit on A4: only the PDF process
 * (itinerary-pdf.worker.ts) imports this module, so neither pdfkit nor the fonts load in the HTTP
 * process. Images arrive already converted to JPEG / PNG (`preparePdfImages`); what goes where is
 * decided by itinerary-pdf.plan.ts.
 *
 * Page 1: the Basic Settings' logo and name, the cover, title, place, a row of facts and "From
 * ₹x per person". Then highlights, the tour description, the day-by-day plan (title, description,
 * places in order, meals, stay, transfer, the day's picture beside the text), the rest of the
 * gallery, inclusions and exclusions side by side, the price tables with the GST note, FAQs and
 * the policy chosen in Policy Settings. Every page gets a footer (business, contacts, "Page n of
 * m") and pages after the first a running head (title and business).
 */
import PDFDocument from 'pdfkit';
import sharp, { type Sharp } from 'sharp';
import { formatRupees, type Itinerary } from '@safarnama/contract';
import { richTextBlocks, type RichTextBlock } from '../../lib/rich-text-blocks.js';
import { pdfFonts } from './itinerary-pdf.fonts.js';
import {
  PDF_IMAGE_WIDTH,
  gstNote,
  mealsLine,
  pdfFacts,
  pdfImagePlan,
  pdfLocation,
  pdfPriceTables,
  type PdfImageBytes,
  type PdfImageRef,
  type PdfInput,
  type PdfPriceTable,
} from './itinerary-pdf.plan.js';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { top: 56, bottom: 64, left: 50, right: 50 };
const WIDTH = A4.width - MARGIN.left - MARGIN.right;
const BOTTOM = A4.height - MARGIN.bottom;
const USABLE = BOTTOM - MARGIN.top;

const COLOR = {
  ink: '#1f2937',
  muted: '#6b7280',
  accent: '#0f766e',
  accentSoft: '#e7f3f1',
  rule: '#d7dde3',
  zebra: '#f6f8fa',
  included: '#15803d',
  excluded: '#b42318',
};
const REGULAR = 'regular';
const BOLD = 'bold';

/** pdfkit's image object (`openImage`), which `image()` accepts in place of a source again. */
interface EmbeddedImage {
  width: number;
  height: number;
}
type Doc = PDFKit.PDFDocument & { openImage(src: Buffer): EmbeddedImage };

/** The images ready for pdfkit, by image id, and the logo. */
export interface PreparedImages {
  images: Map<string, Buffer>;
  logo: Buffer | null;
  /** Images that could not be read (a damaged file): left out of the PDF, named for the log. */
  skipped: string[];
}

/** Conversions kept by storage key (keys are never rewritten), oldest dropped past the budget. */
const CONVERTED_BUDGET = 32 * 1024 * 1024;
const converted = new Map<string, Buffer>();
let convertedBytes = 0;

const remember = (key: string, bytes: Buffer) => {
  converted.set(key, bytes);
  convertedBytes += bytes.length;
  for (const [oldKey, old] of converted) {
    if (convertedBytes <= CONVERTED_BUDGET) break;
    converted.delete(oldKey);
    convertedBytes -= old.length;
  }
};

const photoKey = (ref: PdfImageRef) => `photo:${ref.key}`;
const logoKey = (ref: PdfImageRef) => `logo:${ref.key}`;

/** What a PDF found already converted (taken at once: a later eviction cannot lose it). */
export interface TakenConversions {
  ready: Map<string, Buffer>;
  /** Storage keys whose bytes are still needed. */
  missing: string[];
}

/** The conversions this process holds for `input`'s images and logo, and the keys it lacks. */
export const takeConverted = (input: PdfInput): TakenConversions => {
  const ready = new Map<string, Buffer>();
  const missing = new Set<string>();
  const refs: [string, PdfImageRef][] = [
    ...input.images.map((ref): [string, PdfImageRef] => [photoKey(ref), ref]),
    ...(input.logo ? [[logoKey(input.logo), input.logo] as [string, PdfImageRef]] : []),
  ];
  for (const [cacheKey, ref] of refs) {
    const cached = converted.get(cacheKey);
    if (cached) {
      // Used again: now the newest.
      converted.delete(cacheKey);
      converted.set(cacheKey, cached);
      ready.set(cacheKey, cached);
    } else {
      missing.add(ref.key);
    }
  }
  return { ready, missing: [...missing] };
};

const convert = async (
  cacheKey: string,
  bytes: Uint8Array | undefined,
  taken: TakenConversions,
  work: (image: Sharp) => Sharp,
): Promise<Buffer> => {
  const ready = taken.ready.get(cacheKey);
  if (ready) return ready;
  if (!bytes) throw new Error('not readable');
  const result = await work(sharp(bytes, { limitInputPixels: 40_000_000 })).toBuffer();
  remember(cacheKey, result);
  return result;
};

/**
 * The stored bytes (WebP variants mostly, which PDF cannot hold) as baseline JPEG at most
 * {@link PDF_IMAGE_WIDTH} wide on white, the logo as PNG (its transparency kept). sharp keeps no
 * metadata, so no EXIF orientation is applied twice. Conversions are kept by storage key for the
 * next PDF (the same package downloaded again, its share page): its files are then not even sent.
 */
export const preparePdfImages = async (
  input: PdfInput,
  taken: TakenConversions,
  bytes: PdfImageBytes,
): Promise<PreparedImages> => {
  const images = new Map<string, Buffer>();
  const skipped: string[] = [];
  await Promise.all(
    input.images.map(async (ref) => {
      try {
        const jpeg = await convert(photoKey(ref), bytes[ref.key], taken, (image) =>
          image
            .resize({ width: PDF_IMAGE_WIDTH, withoutEnlargement: true })
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 78, chromaSubsampling: '4:2:0' }),
        );
        images.set(ref.id, jpeg);
      } catch {
        skipped.push(ref.id);
      }
    }),
  );
  let logo: Buffer | null = null;
  if (input.logo) {
    try {
      logo = await convert(logoKey(input.logo), bytes[input.logo.key], taken, (image) =>
        image.resize({ height: 160, withoutEnlargement: true }).png(),
      );
    } catch {
      skipped.push('logo');
    }
  }
  return { images, logo, skipped };
};

const madeOn = (iso: string, timeZone: string): string => {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  }
};

/** Draws one itinerary; `render()` below runs it and collects the bytes. */
class ItineraryPdf {
  private readonly doc: Doc;
  private readonly opened = new Map<string, EmbeddedImage>();
  private readonly itinerary: Itinerary;

  constructor(
    private readonly input: PdfInput,
    private readonly prepared: PreparedImages,
  ) {
    this.itinerary = input.itinerary;
    const business = input.business.name;
    this.doc = new PDFDocument({
      size: 'A4',
      margins: MARGIN,
      bufferPages: true,
      pdfVersion: '1.7',
      lang: 'en-IN',
      displayTitle: true,
      info: {
        Title: this.itinerary.title,
        Author: business,
        Subject: `${this.itinerary.duration} · ${this.itinerary.type}`,
        Creator: business,
        Producer: 'Safarnama',
        CreationDate: new Date(input.madeAt),
      },
    }) as Doc;
    const fonts = pdfFonts();
    // pdfkit takes a fontkit font in place of a file (its types do not say so).
    this.doc.registerFont(REGULAR, fonts.regular as unknown as Buffer);
    this.doc.registerFont(BOLD, fonts.bold as unknown as Buffer);
    this.doc.font(REGULAR).fontSize(10).fillColor(COLOR.ink);
  }

  render(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    const plan = pdfImagePlan(this.itinerary);
    this.header();
    this.cover(plan.cover);
    this.intro();
    this.highlights();
    this.description();
    this.days(plan.days);
    this.gallery(plan.gallery);
    this.inclusions();
    this.prices();
    this.faqs();
    this.policy();
    this.pageFurniture();
    this.doc.end();
    return done;
  }

  // ── drawing helpers ───────────────────────────────────────────────────────────────────────

  private get y() {
    return this.doc.y;
  }

  private set y(value: number) {
    this.doc.y = value;
  }

  /** A new page unless `height` still fits on this one. */
  private ensure(height: number) {
    if (this.y + height > BOTTOM) this.doc.addPage();
  }

  private pageIndex() {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }

  private style(font: string, size: number, color = COLOR.ink) {
    this.doc.font(font).fontSize(size).fillColor(color);
    return this.doc;
  }

  private image(id: string | null): EmbeddedImage | null {
    if (!id) return null;
    const cached = this.opened.get(id);
    if (cached) return cached;
    const bytes = this.prepared.images.get(id);
    if (!bytes) return null;
    const image = this.doc.openImage(bytes);
    this.opened.set(id, image);
    return image;
  }

  /** The picture cropped to fill the box, with rounded corners. */
  private photo(image: EmbeddedImage, x: number, y: number, width: number, height: number) {
    const doc = this.doc;
    doc.save();
    doc.roundedRect(x, y, width, height, 6).clip();
    doc.image(image as unknown as Buffer, x, y, {
      cover: [width, height],
      align: 'center',
      valign: 'center',
    });
    doc.restore();
  }

  /** A section's title, kept on the page with at least `keepWith` points of what follows. */
  private sectionHeading(title: string, keepWith = 40) {
    this.ensure(36 + Math.min(keepWith, USABLE / 2));
    this.y += 10;
    this.style(BOLD, 14, COLOR.accent).text(title, MARGIN.left, this.y, { width: WIDTH });
    const lineY = this.y + 3;
    this.doc
      .moveTo(MARGIN.left, lineY)
      .lineTo(MARGIN.left + WIDTH, lineY)
      .lineWidth(0.8)
      .strokeColor(COLOR.rule)
      .stroke();
    this.y = lineY + 10;
  }

  /** A list with a marker hanging to the left of each item's text. */
  private bullets(
    items: readonly string[],
    { x = MARGIN.left, width = WIDTH, color = COLOR.accent, marker = '•', size = 10 } = {},
  ) {
    const indent = 13;
    for (const item of items) {
      this.style(REGULAR, size);
      this.ensure(this.doc.currentLineHeight(true) + 2);
      const top = this.y;
      this.style(BOLD, size, color).text(marker, x, top, { width: indent, lineBreak: false });
      this.style(REGULAR, size).text(item, x + indent, top, {
        width: width - indent,
        lineGap: 1.5,
      });
      this.y += 3;
    }
  }

  /** "Label: value" with the label bold (one paragraph, wraps under itself). */
  private labelled(label: string, value: string, x: number, width: number) {
    this.style(BOLD, 9.5).text(`${label}: `, x, this.y, { width, continued: true, lineGap: 1.5 });
    this.style(REGULAR, 9.5).text(value, { width, lineGap: 1.5 });
    this.y += 2;
  }

  private labelledHeight(label: string, value: string, width: number) {
    this.style(REGULAR, 9.5);
    return this.doc.heightOfString(`${label}: ${value}`, { width, lineGap: 1.5 }) + 2;
  }

  private richText(blocks: readonly RichTextBlock[], size = 10) {
    for (const block of blocks) {
      if (block.kind === 'heading') {
        this.style(BOLD, size + 1.5);
        this.ensure(this.doc.currentLineHeight(true) * 2);
        this.y += 4;
        this.doc.text(block.text, MARGIN.left, this.y, { width: WIDTH });
        this.y += 3;
      } else if (block.kind === 'item') {
        const x = MARGIN.left + block.depth * 14;
        const indent = block.marker.length > 2 ? 18 : 13;
        this.style(REGULAR, size);
        this.ensure(this.doc.currentLineHeight(true) + 2);
        const top = this.y;
        if (block.marker !== '') {
          this.doc.text(block.marker.trim(), x, top, { width: indent, lineBreak: false });
        }
        this.doc.text(block.text, x + indent, top, {
          width: WIDTH - (x - MARGIN.left) - indent,
          lineGap: 1.5,
        });
        this.y += 3;
      } else {
        this.style(REGULAR, size);
        this.ensure(this.doc.currentLineHeight(true) + 2);
        this.doc.text(block.text, MARGIN.left, this.y, { width: WIDTH, lineGap: 1.5 });
        this.y += 6;
      }
    }
  }

  // ── sections ──────────────────────────────────────────────────────────────────────────────

  /** The logo (when set) and the business name, a label on the right, a rule. */
  private header() {
    const doc = this.doc;
    const top = 34;
    const box = 34;
    let nameX = MARGIN.left;
    if (this.prepared.logo) {
      const logo = doc.openImage(this.prepared.logo);
      const ratio = logo.width / logo.height;
      const width = Math.min(140, box * ratio);
      const height = width / ratio;
      doc.image(logo as unknown as Buffer, MARGIN.left, top + (box - height) / 2, {
        width,
        height,
      });
      nameX += width + 10;
    }
    this.style(BOLD, 14).text(this.input.business.name, nameX, top + box / 2 - 10, {
      width: MARGIN.left + WIDTH - nameX - 110,
      height: 20,
      ellipsis: true,
      lineBreak: false,
    });
    this.style(REGULAR, 8.5, COLOR.muted).text('TOUR ITINERARY', MARGIN.left, top + box / 2 - 6, {
      width: WIDTH,
      align: 'right',
      characterSpacing: 0.5,
      lineBreak: false,
    });
    const ruleY = top + box + 8;
    doc
      .moveTo(MARGIN.left, ruleY)
      .lineTo(MARGIN.left + WIDTH, ruleY)
      .lineWidth(1.5)
      .strokeColor(COLOR.accent)
      .stroke();
    this.y = ruleY + 14;
  }

  private cover(id: string | null) {
    const image = this.image(id);
    if (!image) return;
    const height = 250;
    this.photo(image, MARGIN.left, this.y, WIDTH, height);
    this.y += height + 18;
  }

  /** Title, place, the facts row and the "From" price. */
  private intro() {
    const it = this.itinerary;
    this.style(BOLD, 24).text(it.title, MARGIN.left, this.y, { width: WIDTH, lineGap: 0 });
    const location = pdfLocation(it);
    if (location) {
      this.y += 2;
      this.style(REGULAR, 11, COLOR.muted).text(location, MARGIN.left, this.y, { width: WIDTH });
    }
    this.y += 12;

    const facts = pdfFacts(it);
    if (facts.length > 0) {
      const gap = 8;
      const boxWidth = (WIDTH - gap * (facts.length - 1)) / facts.length;
      this.style(BOLD, 10);
      const valueHeight = Math.max(
        ...facts.map((f) => this.doc.heightOfString(f.value, { width: boxWidth - 16 })),
      );
      const boxHeight = 26 + valueHeight;
      this.ensure(boxHeight + 10);
      const top = this.y;
      facts.forEach((fact, i) => {
        const x = MARGIN.left + i * (boxWidth + gap);
        this.doc.roundedRect(x, top, boxWidth, boxHeight, 5).fillColor(COLOR.accentSoft).fill();
        this.style(REGULAR, 7.5, COLOR.muted).text(fact.label.toUpperCase(), x + 8, top + 8, {
          width: boxWidth - 16,
          characterSpacing: 0.3,
          lineBreak: false,
        });
        this.style(BOLD, 10).text(fact.value, x + 8, top + 19, { width: boxWidth - 16 });
      });
      this.y = top + boxHeight + 14;
    }

    // "From ₹36,750 per person" on one baseline, the amount large.
    const amount = formatRupees(
      it.fromPrice ?? it.pricePerPerson,
      this.input.business.currencySymbol,
    );
    this.ensure(34);
    const baseline = this.y + 22;
    let x = MARGIN.left;
    this.style(REGULAR, 12, COLOR.muted).text('From ', x, baseline, {
      baseline: 'alphabetic',
      lineBreak: false,
    });
    x += this.doc.widthOfString('From ');
    this.style(BOLD, 22, COLOR.accent).text(amount, x, baseline, {
      baseline: 'alphabetic',
      lineBreak: false,
    });
    x += this.doc.widthOfString(amount);
    this.style(REGULAR, 12, COLOR.muted).text(' per person', x, baseline, {
      baseline: 'alphabetic',
      lineBreak: false,
    });
    this.y = baseline + 14;
  }

  private highlights() {
    const items = this.itinerary.highlights ?? [];
    if (items.length === 0) return;
    this.sectionHeading('Highlights');
    this.bullets(items);
  }

  private description() {
    const blocks = richTextBlocks(this.itinerary.description);
    if (blocks.length === 0) return;
    this.sectionHeading('About this tour');
    this.richText(blocks);
  }

  private days(images: readonly (string | null)[]) {
    const days = this.itinerary.dailyItinerary;
    if (days.length === 0) return;
    const imageWidth = 170;
    const imageHeight = 118;
    const gap = 14;
    let headed = false;
    days.forEach((day, i) => {
      const image = this.image(images[i] ?? null);
      const textWidth = image ? WIDTH - imageWidth - gap : WIDTH;
      const badge = `DAY ${String(i + 1)}`;
      const title = day.title.trim().toLowerCase() === `day ${String(i + 1)}` ? '' : day.title;
      const lines: [string, string][] = [];
      const places = (day.places ?? []).map((p) => p.name);
      if (places.length > 0) lines.push(['Places', places.join(' › ')]);
      const meals = mealsLine(day.meals);
      if (meals) lines.push(['Meals', meals]);
      if (day.stay) lines.push(['Stay', day.stay]);
      if (day.transfer) lines.push(['Transfer', day.transfer]);

      // Measure, so a day that fits on a page starts on the page it fits on.
      this.style(BOLD, 8);
      const badgeWidth = this.doc.widthOfString(badge, { characterSpacing: 0.3 }) + 14;
      this.style(BOLD, 12.5);
      const titleHeight = title
        ? this.doc.heightOfString(title, { width: WIDTH - badgeWidth - 10 })
        : 0;
      const headHeight = Math.max(17, titleHeight) + 8;
      this.style(REGULAR, 10);
      const descriptionHeight = day.description
        ? this.doc.heightOfString(day.description, { width: textWidth, lineGap: 1.5 }) + 6
        : 0;
      const linesHeight = lines.reduce(
        (sum, [label, value]) => sum + this.labelledHeight(label, value, textWidth),
        0,
      );
      const blockHeight =
        headHeight + Math.max(descriptionHeight + linesHeight, image ? imageHeight : 0) + 18;
      const keep = blockHeight <= USABLE / 2 ? blockHeight : headHeight + 60;
      if (!headed) {
        // The section's title stays with its first day.
        this.sectionHeading('Day-by-day plan', keep);
        headed = true;
      }
      this.ensure(blockHeight <= USABLE ? blockHeight : headHeight + 60);

      const top = this.y;
      this.doc.roundedRect(MARGIN.left, top, badgeWidth, 17, 4).fillColor(COLOR.accent).fill();
      this.style(BOLD, 8, '#ffffff').text(badge, MARGIN.left + 7, top + 4.2, {
        characterSpacing: 0.3,
        lineBreak: false,
      });
      if (title) {
        this.style(BOLD, 12.5).text(title, MARGIN.left + badgeWidth + 10, top - 0.5, {
          width: WIDTH - badgeWidth - 10,
        });
      }
      const bodyTop = top + headHeight;
      const page = this.pageIndex();
      if (image) this.photo(image, MARGIN.left + textWidth + gap, bodyTop, imageWidth, imageHeight);
      this.y = bodyTop;
      if (day.description) {
        this.style(REGULAR, 10).text(day.description, MARGIN.left, this.y, {
          width: textWidth,
          lineGap: 1.5,
        });
        this.y += 6;
      }
      for (const [label, value] of lines) this.labelled(label, value, MARGIN.left, textWidth);
      const imageBottom = image && this.pageIndex() === page ? bodyTop + imageHeight : 0;
      this.y = Math.max(this.y, imageBottom) + 8;
      if (i < days.length - 1) {
        this.doc
          .moveTo(MARGIN.left, this.y)
          .lineTo(MARGIN.left + WIDTH, this.y)
          .lineWidth(0.5)
          .strokeColor(COLOR.rule)
          .dash(2, { space: 2 })
          .stroke()
          .undash();
      }
      this.y += 12;
    });
  }

  private gallery(ids: readonly string[]) {
    const images = ids.map((id) => this.image(id)).filter((i): i is EmbeddedImage => i !== null);
    if (images.length === 0) return;
    const columns = 3;
    const gap = 10;
    const width = (WIDTH - gap * (columns - 1)) / columns;
    const height = Math.round(width * 0.68);
    this.sectionHeading('Gallery', height + gap);
    for (let i = 0; i < images.length; i += columns) {
      this.ensure(height + gap);
      const top = this.y;
      images.slice(i, i + columns).forEach((image, c) => {
        this.photo(image, MARGIN.left + c * (width + gap), top, width, height);
      });
      this.y = top + height + gap;
    }
    this.y += 4;
  }

  private listHeight(items: readonly string[], width: number) {
    this.style(REGULAR, 10);
    return items.reduce(
      (sum, item) => sum + this.doc.heightOfString(item, { width: width - 13, lineGap: 1.5 }) + 3,
      0,
    );
  }

  /** Inclusions and exclusions side by side (one under the other when they would not fit). */
  private inclusions() {
    const included = this.itinerary.inclusions ?? [];
    const excluded = this.itinerary.exclusions ?? [];
    if (included.length === 0 && excluded.length === 0) return;
    const lists = [
      { title: 'Included', items: included, color: COLOR.included, marker: '+' },
      { title: 'Not included', items: excluded, color: COLOR.excluded, marker: '–' },
    ].filter((list) => list.items.length > 0);
    const gap = 20;
    const columnWidth = lists.length === 2 ? (WIDTH - gap) / 2 : WIDTH;
    const tallest = Math.max(...lists.map((l) => this.listHeight(l.items, columnWidth))) + 22;
    this.sectionHeading("What's included", Math.min(tallest, 80));
    if (lists.length === 2 && tallest <= USABLE) {
      this.ensure(tallest);
      const top = this.y;
      let bottom = top;
      lists.forEach((list, c) => {
        const x = MARGIN.left + c * (columnWidth + gap);
        this.style(BOLD, 10.5, list.color).text(list.title, x, top, { width: columnWidth });
        this.y += 4;
        this.bullets(list.items, { x, width: columnWidth, color: list.color, marker: list.marker });
        bottom = Math.max(bottom, this.y);
        this.y = top;
      });
      this.y = bottom + 6;
      return;
    }
    for (const list of lists) {
      this.ensure(40);
      this.style(BOLD, 10.5, list.color).text(list.title, MARGIN.left, this.y, { width: WIDTH });
      this.y += 4;
      this.bullets(list.items, { color: list.color, marker: list.marker });
      this.y += 8;
    }
  }

  private priceTable(table: PdfPriceTable) {
    const doc = this.doc;
    const labelWidth = 112;
    // Columns no wider than a price needs: a two-month table is not stretched across the page.
    const cellWidth = Math.min(104, (WIDTH - labelWidth) / Math.max(1, table.columns.length));
    const tableWidth = labelWidth + cellWidth * table.columns.length;
    const rowHeight = 21;
    const head = () => {
      const top = this.y;
      doc.rect(MARGIN.left, top, tableWidth, rowHeight).fillColor(COLOR.accent).fill();
      this.style(BOLD, 9, '#ffffff').text('Group size', MARGIN.left + 8, top + 5.5, {
        width: labelWidth - 12,
        lineBreak: false,
      });
      table.columns.forEach((column, c) => {
        this.style(BOLD, 9, '#ffffff').text(
          column,
          MARGIN.left + labelWidth + c * cellWidth,
          top + 5.5,
          { width: cellWidth - 8, align: 'right', lineBreak: false },
        );
      });
      this.y = top + rowHeight;
    };
    this.ensure(rowHeight * Math.min(table.rows.length + 1, 4));
    head();
    table.rows.forEach((row, r) => {
      if (this.y + rowHeight > BOTTOM) {
        doc.addPage();
        head();
      }
      const top = this.y;
      if (r % 2 === 1) {
        doc.rect(MARGIN.left, top, tableWidth, rowHeight).fillColor(COLOR.zebra).fill();
      }
      this.style(REGULAR, 9.5).text(row.label, MARGIN.left + 8, top + 5.5, {
        width: labelWidth - 12,
        lineBreak: false,
      });
      row.cells.forEach((cell, c) => {
        this.style(BOLD, 9.5).text(cell, MARGIN.left + labelWidth + c * cellWidth, top + 5.5, {
          width: cellWidth - 8,
          align: 'right',
          lineBreak: false,
        });
      });
      this.y = top + rowHeight;
    });
    doc
      .moveTo(MARGIN.left, this.y)
      .lineTo(MARGIN.left + tableWidth, this.y)
      .lineWidth(0.8)
      .strokeColor(COLOR.rule)
      .stroke();
    this.y += 10;
  }

  private prices() {
    const tables = pdfPriceTables(this.itinerary, this.input.business.currencySymbol);
    if (tables.length === 0 || tables.every((t) => t.rows.length === 0)) return;
    this.sectionHeading('Prices per person', 21 * 4);
    for (const table of tables) this.priceTable(table);
    const notes = [
      gstNote(this.itinerary.gst),
      `Prices are per person, as on ${madeOn(this.input.madeAt, this.input.business.timeZone)}.`,
    ].filter((note): note is string => note !== null);
    this.style(REGULAR, 9, COLOR.muted);
    for (const note of notes) {
      this.ensure(14);
      this.doc.text(note, MARGIN.left, this.y, { width: WIDTH });
      this.y += 1;
    }
  }

  private faqs() {
    const faqs = this.itinerary.faqs.filter((f) => f.question.trim() !== '');
    if (faqs.length === 0) return;
    this.sectionHeading('Frequently asked questions');
    for (const faq of faqs) {
      this.style(BOLD, 10.5);
      const questionHeight = this.doc.heightOfString(faq.question, { width: WIDTH });
      this.ensure(questionHeight + 28);
      this.doc.text(faq.question, MARGIN.left, this.y, { width: WIDTH });
      this.y += 2;
      this.style(REGULAR, 10).text(faq.answer, MARGIN.left, this.y, { width: WIDTH, lineGap: 1.5 });
      this.y += 10;
    }
  }

  private policy() {
    const policy = this.input.policy;
    if (!policy) return;
    const blocks = richTextBlocks(policy.html);
    if (blocks.length === 0) return;
    this.sectionHeading(policy.title);
    this.richText(blocks, 9.5);
  }

  /** Footer on every page; the running head on pages after the first. */
  private pageFurniture() {
    const doc = this.doc;
    const { start, count } = doc.bufferedPageRange();
    const business = this.input.business;
    const contact = [business.name, business.email, business.phone]
      .filter((part) => part.trim() !== '')
      .join('  ·  ');
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      // Text inside the bottom margin would start a new page; none is added while the footer is drawn.
      const margins = doc.page.margins;
      const bottom = margins.bottom;
      margins.bottom = 0;
      const footerY = A4.height - 40;
      doc
        .moveTo(MARGIN.left, footerY - 8)
        .lineTo(MARGIN.left + WIDTH, footerY - 8)
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .stroke();
      this.style(REGULAR, 8, COLOR.muted).text(contact, MARGIN.left, footerY, {
        width: WIDTH - 90,
        height: 12,
        ellipsis: true,
        lineBreak: false,
      });
      this.style(REGULAR, 8, COLOR.muted).text(
        `Page ${String(i - start + 1)} of ${String(count)}`,
        MARGIN.left,
        footerY,
        { width: WIDTH, align: 'right', lineBreak: false },
      );
      if (i > start) {
        this.style(REGULAR, 8, COLOR.muted).text(this.itinerary.title, MARGIN.left, 30, {
          width: WIDTH - 160,
          height: 12,
          ellipsis: true,
          lineBreak: false,
        });
        this.style(REGULAR, 8, COLOR.muted).text(business.name, MARGIN.left, 30, {
          width: WIDTH,
          align: 'right',
          lineBreak: false,
        });
        doc
          .moveTo(MARGIN.left, 44)
          .lineTo(MARGIN.left + WIDTH, 44)
          .lineWidth(0.5)
          .strokeColor(COLOR.rule)
          .stroke();
      }
      margins.bottom = bottom;
    }
  }
}

/**
 * The PDF of one itinerary: images converted (those not `taken` from the process's conversions,
 * from `bytes`), the document drawn, its bytes.
 */
export const renderItineraryPdf = async (
  input: PdfInput,
  taken: TakenConversions = takeConverted(input),
  bytes: PdfImageBytes = {},
): Promise<{ pdf: Buffer; skipped: string[] }> => {
  const prepared = await preparePdfImages(input, taken, bytes);
  const pdf = await new ItineraryPdf(input, prepared).render();
  return { pdf, skipped: prepared.skipped };
};
