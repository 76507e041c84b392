// Login block settings (spec, blocks-and-data §3 "Login, register, forgot password"): image_enabled,
// image_position (right, left, background), heading_01, heading_02 (default 'Sign in'),
// forget_password and new_user_sign_up. The page pickers and colours are ours (README). Data only.
import type { BlockSchema } from '../../shared/settings/types';
import { authPageSetting, buttonColorSettings } from '../../shared/settings/fragments';
import { capitalisedOptions } from '../../shared/settings/options';

export const loginSchema: BlockSchema = {
  kind: 'login',
  name: 'Login',
  description: "App users sign in with their e-mail and password; links to the app's sign-up and forgot-password pages.",
  category: 'auth',
  icon: 'login',
  usesSheet: false,
  data: 'none',
  settings: {
    heading_01: { type: 'input', default: 'Welcome back', label: 'Heading 1', description: 'The small line above the title. Empty: none.' },
    heading_02: { type: 'input', default: 'Sign in', label: 'Heading 2', description: 'The title of the form.' },
    image_enabled: { type: 'boolean', default: false, label: 'Show an image' },
    image: {
      type: 'image',
      default: '',
      label: 'Image',
      description: 'An image address (https://) or an uploaded image under 5 MB. Empty: a soft colour panel.',
      showIf: { setting: 'image_enabled', equals: true },
    },
    image_position: {
      type: 'select',
      default: 'right',
      label: 'Image position',
      description: 'Beside the form (stacked above it on phones), or behind it.',
      options: capitalisedOptions('right', 'left', 'background'),
      showIf: { setting: 'image_enabled', equals: true },
    },
    forget_password: { type: 'boolean', default: true, label: "'Forgot password?' link", description: "Opens the app's forgot-password page; hidden while the app has none." },
    forgot_password_page: authPageSetting('forgot', { setting: 'forget_password', equals: true }),
    new_user_sign_up: { type: 'boolean', default: true, label: 'Sign-up link', description: "'Don't have an account? Sign up' opens the app's register page; hidden while the app has none." },
    sign_up_page: authPageSetting('register', { setting: 'new_user_sign_up', equals: true }),
    button_text: { type: 'input', default: 'Sign in', label: 'Button text' },
    ...buttonColorSettings(),
  },
  needs: { appAuth: {} },
};
