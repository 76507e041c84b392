// The toasts' container (shell §2.3: top right below the 60 px top bars, at most 4, 5000 ms).
// App.tsx mounts it lazily, with the first toast: a guest who never sees one never downloads it.
import { Notifications } from '@mantine/notifications';

export function Toasts() {
  return <Notifications position="top-right" limit={4} autoClose={5000} className="sb-toasts" />;
}
