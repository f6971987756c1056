import type { ReactNode } from 'react';
import type { GeoKind } from './geography.api';
import type { GeoRecord } from './geography.form';

export interface GeoColumn {
  header: string;
  cell: (record: GeoRecord) => ReactNode;
}

/** What differs between the Countries, States and Places pages. */
export interface GeoPageConfig {
  kind: GeoKind;
  title: string;
  description: string;
  /** 'Country', 'State', 'Place'. */
  noun: string;
  plural: string;
  searchPlaceholder: string;
  imageLabel: string;
  /** Columns between the image and the status. */
  columns: GeoColumn[];
}

const muted = 'text-slate-600 dark:text-slate-400';

export const GEO_PAGES: Record<GeoKind, GeoPageConfig> = {
  country: {
    kind: 'country',
    title: 'Countries',
    description: 'The countries that places, itineraries and Travelpedia articles belong to.',
    noun: 'Country',
    plural: 'countries',
    searchPlaceholder: 'Search by name or short name...',
    imageLabel: 'Flag',
    columns: [
      { header: 'Name', cell: (record) => record.name },
      {
        header: 'Short Name',
        cell: (record) => ('shortName' in record ? record.shortName : ''),
      },
    ],
  },
  state: {
    kind: 'state',
    title: 'States',
    description: 'The states of each country.',
    noun: 'State',
    plural: 'states',
    searchPlaceholder: 'Search by state or country...',
    imageLabel: 'Image',
    columns: [
      { header: 'Name', cell: (record) => record.name },
      {
        header: 'Country',
        cell: (record) => ('country' in record ? record.country.name : ''),
      },
    ],
  },
  place: {
    kind: 'place',
    title: 'Places',
    description: 'Places within a state, with an image and a short description.',
    noun: 'Place',
    plural: 'places',
    searchPlaceholder: 'Search by place, state or country...',
    imageLabel: 'Image',
    columns: [
      {
        header: 'Name',
        cell: (record) => (
          <>
            <span className="block">{record.name}</span>
            {'shortDescription' in record && record.shortDescription ? (
              <span className={`mt-0.5 line-clamp-2 block text-xs font-normal ${muted}`}>
                {record.shortDescription}
              </span>
            ) : null}
          </>
        ),
      },
      { header: 'State', cell: (record) => ('state' in record ? record.state.name : '') },
      {
        header: 'Country',
        cell: (record) => ('country' in record ? record.country.name : ''),
      },
    ],
  },
};
