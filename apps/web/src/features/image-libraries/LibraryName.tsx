import { skipToken } from '@reduxjs/toolkit/query';
import { Thumbnail } from '../../components/ui/Thumbnail';
import { useGetImageLibraryQuery } from './imageLibraries.api';

/**
 * A chosen image library by its title and first picture (the edit-conflict dialog's reading of
 * an `imageLibraryId`); 'None' without one.
 */
export const LibraryName = ({ id }: { id: string | null }) => {
  const { data, isError } = useGetImageLibraryQuery(id || skipToken);
  if (!id) return <>None</>;
  const first = data ? [...data.images].sort((a, b) => a.order - b.order)[0] : undefined;
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Thumbnail image={first} />
      <span className="min-w-0 break-words">
        {data?.title ?? (isError ? 'Unknown Library' : '…')}
      </span>
    </span>
  );
};
