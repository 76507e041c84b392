// A list's search box whose words live in the address (?{key}=), so a reload or a shared link
// keeps the search. The box shows what is typed at once; the address, and so the list, follows
// after a pause in typing, and a new search starts at page 1.
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { withParams } from './list-paging';

const PAUSE_MS = 300;

export function useAddressSearch(params: URLSearchParams, setParams: SetURLSearchParams, key: string) {
  const [text, setText] = useState(params.get(key) ?? '');
  const [search] = useDebouncedValue(text.trim(), PAUSE_MS);
  const inAddress = params.get(key) ?? '';
  useEffect(() => {
    if (search === inAddress) return;
    setParams(withParams(params, { [key]: search, page: null }), { replace: true });
  }, [search, inAddress, params, setParams, key]);
  return { text, setText, search };
}
