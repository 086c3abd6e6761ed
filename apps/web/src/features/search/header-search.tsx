import { useState } from 'react';

import { SearchBox } from '../../components/layout/search-box';
import { useLanguage } from '../../lib/use-language';

import { useSuggestProductsQuery } from './search-api';

/** The header's search box with search-as-you-type suggestions from `GET /product/suggest`. */
export function HeaderSearch() {
  const lng = useLanguage();
  const [query, setQuery] = useState('');
  const { currentData } = useSuggestProductsQuery({ lng, q: query }, { skip: query === '' });
  return <SearchBox suggestions={query === '' ? [] : (currentData ?? [])} onQueryChange={setQuery} />;
}
