import { ITINERARY_PDF_TEXTS } from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { getErrorMessage, getErrorStatus } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useDownloadItineraryPdfMutation } from './itinerary-pdf.api';

/** How long the object URL outlives the click (the browser reads it after the click returns). */
const REVOKE_AFTER_MS = 60_000;

/** Saves an object URL as a file through a temporary `<a download>`. */
export const saveObjectUrl = (url: string, fileName: string): void => {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, REVOKE_AFTER_MS);
};

interface DownloadPdfButtonProps {
  itineraryId: string;
  variant?: 'primary' | 'secondary';
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * 'Download PDF' (issue 22): fetches the itinerary's PDF with the app's authentication, shows
 * 'Preparing PDF…' while the server draws it, then saves it under the server's file name. A
 * failure is a toast with the server's message (a 401 is left to the session handling, which
 * already says the session ended).
 */
export const DownloadPdfButton = ({
  itineraryId,
  variant = 'secondary',
  size = 'sm',
  className,
}: DownloadPdfButtonProps) => {
  const [download, { isLoading }] = useDownloadItineraryPdfMutation();

  const handleClick = async () => {
    try {
      const { url, fileName } = await download(itineraryId).unwrap();
      saveObjectUrl(url, fileName);
    } catch (error) {
      if (getErrorStatus(error) === 401) return;
      showToast('error', getErrorMessage(error, ITINERARY_PDF_TEXTS.failed));
    }
  };

  return (
    <Button
      variant={variant}
      size={size}
      loading={isLoading}
      className={className}
      aria-live="polite"
      onClick={() => void handleClick()}
    >
      {isLoading ? ITINERARY_PDF_TEXTS.preparing : ITINERARY_PDF_TEXTS.download}
    </Button>
  );
};
