// Auth block settings (multipage; the spec names the kind only, blocks-and-data §1): who is signed
// in to the app (name, e-mail, permission) with a Sign out button, or a sign-in prompt linking to
// the app's login page. Every setting is ours (README). Data only.
import type { BlockSchema } from '../../shared/settings/types';
import { authPageSetting } from '../../shared/settings/fragments';

export const authSchema: BlockSchema = {
  kind: 'auth',
  name: 'Auth',
  description: 'Shows the signed-in app user with a Sign out button, or a sign-in prompt for visitors.',
  category: 'auth',
  icon: 'user-circle',
  usesSheet: false,
  data: 'none',
  settings: {
    show_email: { type: 'boolean', default: true, label: 'Show e-mail' },
    show_permission: { type: 'boolean', default: true, label: 'Show permission', description: 'Read or Read-Write, as in the Users popup.' },
    signed_out_text: { type: 'input', default: 'You are not signed in.', label: 'Text for visitors who have not signed in' },
    sign_in_text: { type: 'input', default: 'Sign in', label: 'Sign-in button text' },
    sign_in_page: authPageSetting('login'),
    sign_out_text: { type: 'input', default: 'Sign out', label: 'Sign-out button text' },
    button_color: { type: 'color', default: '#4f46e5', label: 'Button colour' },
  },
  needs: { appAuth: {} },
};
