import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@safarnama/contract';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * The search box and page of a searchable, paged list (spec §2/§9): `search` is the trimmed text
 * once it has stopped changing for 500 ms, and a new search starts again at page 1 (the page
 * belongs to the search it was chosen for).
 */
export const useSearchPaging = () => {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number): void => {
    setPaging({ search, page: next });
  };
  return { searchText, setSearchText, search, page, setPage };
};
