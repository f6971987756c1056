import { useCallback } from 'react';
import {
  SEO_PREVIEW_TEXTS as T,
  shareCardTexts,
  type Image,
  type SeoTexts,
} from '@safarnama/contract';
import { Img } from '../ui/Img';

export interface ShareCardProps {
  texts: SeoTexts;
  siteName: string;
  /** The card's picture: a stored image, a file just picked in the form, or none. */
  image: Image | File | null;
}

/**
 * A file just picked: an object URL made with the picture and given back when it goes (the same
 * callback while the file stays, so typing elsewhere in the form does not reload it).
 */
const FilePicture = ({ file }: { file: File }) => {
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => {
        URL.revokeObjectURL(url);
      };
    },
    [file],
  );
  return <img alt="" className="size-full object-cover" ref={attach} />;
};

/**
 * A WhatsApp / Open Graph link card (issue 23): the picture, the site, the title and the
 * description as chat apps cut them (contract `shareCardTexts`).
 */
export const ShareCard = ({ texts, siteName, image }: ShareCardProps) => {
  const card = shareCardTexts(texts);
  return (
    <div className="max-w-sm min-w-0 overflow-hidden rounded-lg border border-slate-200 bg-[#f0f2f5] dark:border-slate-700 dark:bg-[#1f2c34]">
      <div className="flex aspect-[1.91/1] items-center justify-center bg-slate-200 dark:bg-slate-800">
        {image instanceof File ? (
          <FilePicture file={image} />
        ) : image ? (
          <Img image={image} alt="" sizes="384px" className="size-full object-cover" />
        ) : (
          <span className="text-sm text-slate-500 dark:text-slate-400">{T.noImage}</span>
        )}
      </div>
      <div className="space-y-0.5 px-3 py-2">
        <p className="truncate text-xs tracking-wide text-slate-500 uppercase dark:text-slate-400">
          {siteName}
        </p>
        <p className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          {card.title.text || T.noTitle}
        </p>
        {card.description.text ? (
          <p className="text-xs text-slate-600 dark:text-slate-300">{card.description.text}</p>
        ) : null}
      </div>
    </div>
  );
};
