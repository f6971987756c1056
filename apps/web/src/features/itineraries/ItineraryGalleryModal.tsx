import { ITINERARY_TEXTS, type Itinerary } from '@safarnama/contract';
import { Modal } from '../../components/ui/Modal';
import { useCan } from '../auth/useCan';
import { GalleryManager } from '../media/GalleryManager';
import { buildItineraryGalleryForm } from './itineraries.form';
import {
  useAddItineraryGalleryImagesMutation,
  useRemoveItineraryGalleryImageMutation,
} from './itineraries.api';

interface ItineraryGalleryModalProps {
  itinerary: Itinerary;
  onClose: () => void;
}

/**
 * 'Gallery - <title>' (spec §2): the itinerary's images with read-only alt text and a remove
 * button on hover (with its confirm), and 'Add New Images' with an alt text per file and upload
 * progress; the spec §8 toasts come from the shared `GalleryManager`. Each change reloads the list,
 * so the row's 'Manage Gallery (N)' follows.
 */
export const ItineraryGalleryModal = ({ itinerary, onClose }: ItineraryGalleryModalProps) => {
  // Adding and removing pictures both edit the package (itineraries.update, ARCHITECTURE.md).
  const canEdit = useCan('itineraries.update');
  // Issue 24: removing a picture a day shows removes it from the day too (itineraries.delete).
  const canForce = useCan('itineraries.delete');
  const [upload] = useAddItineraryGalleryImagesMutation();
  const [remove] = useRemoveItineraryGalleryImageMutation();
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={ITINERARY_TEXTS.galleryTitle(itinerary.title)}
      size="max-w-4xl"
    >
      <GalleryManager
        images={itinerary.gallery}
        onRemove={
          canEdit
            ? (imageId, force) => remove({ id: itinerary._id, imageId, force }).unwrap()
            : undefined
        }
        canForce={canForce}
        onUpload={
          canEdit
            ? (items, onProgress) =>
                upload({
                  id: itinerary._id,
                  body: buildItineraryGalleryForm(itinerary._id, items),
                  onProgress,
                }).unwrap()
            : undefined
        }
      />
    </Modal>
  );
};
