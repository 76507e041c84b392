// Runs the use-template flow's steps (use-flow.ts) in the browser: stores the way back, looks the
// template up, shows the §8 texts for TEMPLATE_FLOW_FALLBACK_MS and then goes to /templates.
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { TEMPLATE_FLOW_FALLBACK_MS } from '../../../shared/rules/templates';
import { toast } from '../../lib/toast';
import { go, rememberTemplateRedirect } from '../auth/redirect';
import { templatesApi } from './api';
import { afterLookup, cloneModalHere, lookupFailure, type FlowStep } from './use-flow';

export function useFlowRunner(baseUrl: string | undefined) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const run = useCallback(
    async (first: FlowStep): Promise<void> => {
      const base = baseUrl ?? window.location.origin;
      let step = first;
      if (step.kind === 'lookup') {
        try {
          step = afterLookup(await templatesApi.detail(step.key), base);
        } catch (e) {
          step = lookupFailure((e as { status?: number }).status, base);
        }
      }
      if (step.kind === 'lookup') return; // afterLookup and lookupFailure never look up again
      if (step.kind === 'fail') {
        const fallback = step.fallback;
        toast.error(step.message, 'Taking you to the templates.', TEMPLATE_FLOW_FALLBACK_MS);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => go(fallback, navigate), TEMPLATE_FLOW_FALLBACK_MS);
        return;
      }
      if (step.remember) rememberTemplateRedirect(step.remember);
      // Already on that preview: open the clone modal here (keeps the page being looked at).
      const here = cloneModalHere(step.url, window.location);
      if (here && new URL(step.url, window.location.origin).searchParams.get('open_clone_modal') === 'true') navigate(here, { replace: true });
      else go(step.url, navigate);
    },
    [baseUrl, navigate],
  );
  return run;
}
