import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { StatusScreen } from '../../components/ui/StatusScreen';
import { getErrorMessage, getErrorStatus } from '../../lib/errors';
import { useCan } from '../auth/useCan';
import { GalleryManager } from '../media/GalleryManager';
import { buildGalleryUploadForm } from './placeDetails.gallery';
import {
  useAddPlaceDetailsGalleryImagesMutation,
  useGetPlaceDetailsQuery,
  useRemovePlaceDetailsGalleryImagesMutation,
} from './placeDetails.api';
import { monthName } from './format';

const BACK = '/services/addPlaceDetails';

/**
 * /services/placeDetailsGallery/:id: the gallery of one place-details record, 'Gallery - <place>
 * (<Month>)': its images with alt text and remove, and the upload form.
 */
export const PlaceDetailsGalleryPage = () => {
  const { id = '' } = useParams();
  const { data, isLoading, error } = useGetPlaceDetailsQuery(id, { skip: !id });
  // Gallery additions are place-details.update, removals place-details.delete (ARCHITECTURE.md).
  const canUpload = useCan('place-details.update');
  const canRemove = useCan('place-details.delete');
  const [upload] = useAddPlaceDetailsGalleryImagesMutation();
  const [remove] = useRemovePlaceDetailsGalleryImagesMutation();

  const back = (
    <Link to={BACK} className={buttonClasses('secondary')}>
      Back to Place Details
    </Link>
  );

  if (isLoading) {
    return (
      <div className="flex justify-center py-20 text-teal-600 dark:text-teal-400">
        <Spinner className="size-8" label="Loading gallery" />
      </div>
    );
  }
  if (!data) {
    return (
      <StatusScreen
        fullScreen={false}
        title={getErrorStatus(error) === 404 ? 'Place details not found' : 'Gallery unavailable'}
        message={getErrorMessage(error, 'The gallery could not be loaded.')}
      >
        {back}
      </StatusScreen>
    );
  }

  return (
    <>
      <PageHeader
        title={`Gallery - ${data.place.name} (${monthName(data.month)})`}
        description={`${data.state.name}, ${data.country.name}`}
        actions={back}
      />
      <GalleryManager
        images={data.gallery}
        onRemove={
          canRemove
            ? (imageId, force) => remove({ id: data._id, imageIds: [imageId], force }).unwrap()
            : undefined
        }
        // Issue 24: removal is place-details.delete, which also removes an image's other uses.
        canForce={canRemove}
        onUpload={
          canUpload
            ? (items, onProgress) =>
                upload({
                  id: data._id,
                  body: buildGalleryUploadForm(data._id, items),
                  onProgress,
                }).unwrap()
            : undefined
        }
      />
    </>
  );
};

export { PlaceDetailsGalleryPage as Component };
