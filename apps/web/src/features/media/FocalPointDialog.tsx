import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import {
  DEFAULT_FOCAL_POINT,
  FOCAL_POINT_TEXTS as T,
  MEDIA_TOOLS_MESSAGES,
  type FocalPoint,
  type Image,
} from '@safarnama/contract';
import { Button } from '../../components/ui/Button';
import { Img, focalPosition } from '../../components/ui/Img';
import { Modal } from '../../components/ui/Modal';
import { getErrorEnvelope } from '../../lib/errors';
import { showToast } from '../../lib/toast';
import { useSetFocalPointMutation } from './media.api';

export interface FocalPointDialogProps {
  image: Image;
  onClose: () => void;
  /** The image as saved, with its new crops. */
  onSaved: (image: Image) => void;
}

const STEP = 0.05;
const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));

/**
 * Issue 24: the focal point of one image. Clicking the picture (or the arrow keys on it) moves
 * the point; the square and card previews beside it crop around it live, as the server's crops
 * will be cut. Save sends it; the server cuts the crops again and answers the image.
 */
export const FocalPointDialog = ({ image, onClose, onSaved }: FocalPointDialogProps) => {
  const [point, setPoint] = useState<FocalPoint>(image.focalPoint ?? DEFAULT_FOCAL_POINT);
  const [save, { isLoading }] = useSetFocalPointMutation();
  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    setPoint({
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
    });
  };
  const nudge = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP],
      ArrowDown: [0, STEP],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setPoint((p) => ({ x: clamp(p.x + move[0]), y: clamp(p.y + move[1]) }));
  };
  const submit = async () => {
    try {
      const saved = await save({ imageId: image._id, point }).unwrap();
      showToast('success', MEDIA_TOOLS_MESSAGES.focalPointSaved);
      onSaved(saved);
      onClose();
    } catch (error) {
      showToast('error', getErrorEnvelope(error)?.message ?? MEDIA_TOOLS_MESSAGES.focalPointFailed);
    }
  };
  const position = focalPosition(point);
  const preview = { ...image, focalPoint: point };
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !isLoading) onClose();
      }}
      title={T.title}
      description={T.hint}
      size="max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <button
          type="button"
          aria-label={`${T.pictureLabel}. ${T.position(point.x, point.y)}`}
          onClick={pick}
          onKeyDown={nudge}
          className="relative block cursor-crosshair overflow-hidden rounded-md focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:outline-none"
        >
          <Img
            image={image}
            sizes="600px"
            alt=""
            className="block h-auto w-full"
            draggable={false}
          />
          <span
            aria-hidden="true"
            data-testid="focal-marker"
            className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-teal-500/50 shadow-[0_0_0_2px_rgba(15,23,42,0.6)]"
            style={{ left: `${String(point.x * 100)}%`, top: `${String(point.y * 100)}%` }}
          />
        </button>
        <div className="space-y-3">
          <p className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
            {T.position(point.x, point.y)}
          </p>
          <CropPreview image={preview} position={position} shape="aspect-square" label="Square" />
          <CropPreview
            image={preview}
            position={position}
            shape="aspect-[1200/630]"
            label="Link preview"
          />
        </div>
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button
          variant="ghost"
          disabled={isLoading}
          onClick={() => {
            setPoint(DEFAULT_FOCAL_POINT);
          }}
        >
          {T.reset}
        </Button>
        <Button variant="secondary" disabled={isLoading} onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={isLoading} onClick={() => void submit()}>
          {isLoading ? 'Saving...' : T.save}
        </Button>
      </div>
    </Modal>
  );
};

/** One crop as the server will cut it: the picture in a box of the crop's shape, at the point. */
const CropPreview = ({
  image,
  position,
  shape,
  label,
}: {
  image: Image;
  position: string;
  shape: string;
  label: string;
}) => (
  <figure>
    <Img
      image={image}
      alt=""
      className={`${shape} w-full rounded object-cover`}
      style={{ objectPosition: position }}
    />
    <figcaption className="mt-1 text-xs text-slate-500 dark:text-slate-400">{label}</figcaption>
  </figure>
);
