// One way to raise the spec's toasts (shell §2.3): error, warning, info, success, each with a
// title and a message. The container (top right, below the top bars so it never covers their buttons; at most 4, 5000 ms) is set up in App.tsx.
import { notifications } from '@mantine/notifications';

type Kind = 'error' | 'warning' | 'info' | 'success';

const COLORS: Record<Kind, string> = { error: 'red', warning: 'yellow', info: 'blue', success: 'teal' };

function show(kind: Kind, title: string, message: string, autoClose?: number) {
  notifications.show({ title, message, color: COLORS[kind], autoClose, 'data-toast': kind } as Parameters<
    typeof notifications.show
  >[0]);
}

export const toast = {
  error: (title: string, message: string, autoClose?: number) => show('error', title, message, autoClose),
  warning: (title: string, message: string, autoClose?: number) => show('warning', title, message, autoClose),
  info: (title: string, message: string, autoClose?: number) => show('info', title, message, autoClose),
  success: (title: string, message: string, autoClose?: number) => show('success', title, message, autoClose),
};
