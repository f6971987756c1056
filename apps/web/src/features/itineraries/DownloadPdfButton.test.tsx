import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  ITINERARY_MESSAGES,
} from '@safarnama/contract';
import { setToken, clearToken } from '../../lib/token';
import { errorResponse, renderWithStore, stubFetch, stubObjectUrls } from '../../test/utils';
import { DownloadPdfButton } from './DownloadPdfButton';

const ID = '0197a3c4-1111-7000-8000-000000000001';
const PDF_BYTES = '%PDF-1.7 test';

const pdfResponse = () =>
  new Response(PDF_BYTES, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="kerala-backwaters.pdf"',
    },
  });

describe('DownloadPdfButton', () => {
  let clicked: { href: string; download: string }[];

  beforeEach(() => {
    setToken('session-token-1');
    clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    clearToken();
    vi.restoreAllMocks();
  });

  it("fetches the PDF with the session, shows 'Preparing PDF…', saves it under the server's name", async () => {
    const urls = stubObjectUrls();
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = stubFetch(async () => {
      await answered;
      return pdfResponse();
    });
    const user = userEvent.setup();
    renderWithStore(<DownloadPdfButton itineraryId={ID} />);

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    const busy = await screen.findByRole('button', { name: 'Preparing PDF…' });
    expect(busy).toBeDisabled();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(API_PATHS.itineraryTools.pdf(ID));
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer session-token-1');
    expect(calls[0]?.headers.get(CLIENT_HEADER)).toBe(CLIENT_HEADER_VALUE);

    release();
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeEnabled();
    expect(urls.created).toHaveLength(1);
    expect(clicked).toEqual([{ href: urls.created[0] ?? '', download: 'kerala-backwaters.pdf' }]);
    // The link is not left in the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("shows the server's message in an error toast and saves nothing", async () => {
    stubObjectUrls();
    stubFetch(() => errorResponse(404, 'NOT_FOUND', ITINERARY_MESSAGES.notFound));
    const user = userEvent.setup();
    renderWithStore(<DownloadPdfButton itineraryId={ID} />);

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText(ITINERARY_MESSAGES.notFound)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    });
    expect(clicked).toEqual([]);
  });
});
