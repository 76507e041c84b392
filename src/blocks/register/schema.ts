// Register block settings (spec, blocks-and-data §3 "Login, register, forgot password"): heading
// (default 'Sign Up'), confirm_password and already_sign_in. The page picker and colours are ours
// (README). A page holding this block is what opens sign-up for the app on the server. Data only.
import type { BlockSchema } from '../../shared/settings/types';
import { authPageSetting, buttonColorSettings } from '../../shared/settings/fragments';

export const registerSchema: BlockSchema = {
  kind: 'register',
  name: 'Register',
  description: 'Visitors create their own account (read permission) and are signed in at once.',
  category: 'auth',
  icon: 'user-plus',
  usesSheet: false,
  data: 'none',
  settings: {
    heading: { type: 'input', default: 'Sign Up', label: 'Heading' },
    confirm_password: { type: 'boolean', default: true, label: 'Confirm password', description: 'A second password field that must match the first.' },
    already_sign_in: { type: 'boolean', default: true, label: "'Already have an account? Sign in' link", description: "Opens the app's login page; hidden while the app has none." },
    sign_in_page: authPageSetting('login', { setting: 'already_sign_in', equals: true }),
    button_text: { type: 'input', default: 'Create account', label: 'Button text' },
    ...buttonColorSettings(),
  },
  needs: { appAuth: { signUp: true } },
};
