// The preview banner (PreviewBanner.tsx) as a lazy chunk: it shows only with `?preview=true`, so a
// guest opening a published page does not download it (nor the use-template flow it runs).
import { lazy, Suspense, type ComponentProps } from 'react';

const Banner = lazy(() => import('./PreviewBanner').then((m) => ({ default: m.PreviewBanner })));

export function PreviewBanner(props: ComponentProps<typeof Banner>) {
  return (
    <Suspense fallback={null}>
      <Banner {...props} />
    </Suspense>
  );
}
