// A refused admin call: on a 401 the stored flag goes and the admin login follows (components/StaffArea.tsx).
import { AreaLoadError, useSignInAgain, type AreaSession } from '../../components/StaffArea';
import { adminLoginUrl, clearAdminFlag } from '../../guards/admin-session';

const ADMIN_AREA: AreaSession = { clear: clearAdminFlag, loginUrl: adminLoginUrl };

/** For mutations: true (and off to the login) when the answer was a 401. */
export function useAdminUnauthorized(): (e: unknown) => boolean {
  return useSignInAgain(ADMIN_AREA);
}

export function AdminLoadError({ error, title }: { error: unknown; title: string }) {
  return <AreaLoadError area={ADMIN_AREA} error={error} title={title} />;
}
