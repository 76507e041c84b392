// Google's consent page sends the owner back to /dashboard?google=…&message=…: one toast (the
// message as text), then the address without those parameters (replaced, so Back does not show
// the toast again).
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { googleReturn } from './google-state';

/** The return as first read, for the dialog to open at the link step. */
export function useGoogleReturn() {
  const [params, setParams] = useSearchParams();
  const found = googleReturn(params);
  const [first] = useState(found);
  const shown = useRef<string | null>(null);
  const key = params.toString();
  useEffect(() => {
    if (!found || shown.current === key) return;
    shown.current = key;
    if (found.kind === 'success') toast.success(found.title, found.message);
    else toast.error(found.title, found.message);
    setParams(found.rest, { replace: true });
  }, [found, key, setParams]);
  return first;
}
