// Forgot password block settings (spec, blocks-and-data §3 "Login, register, forgot password"):
// confirm_password and remember_password. The heading, page picker and colours are ours (README).
// Opened from a mailed link (`?token=`), the same block sets the new password. Data only.
import type { BlockSchema } from '../../shared/settings/types';
import { authPageSetting, buttonColorSettings } from '../../shared/settings/fragments';

export const forgotPasswordSchema: BlockSchema = {
  kind: 'forgot_password',
  name: 'Forgot password',
  description: 'App users get a one-time link by e-mail and choose a new password with it.',
  category: 'auth',
  icon: 'key',
  usesSheet: false,
  data: 'none',
  settings: {
    heading: { type: 'input', default: 'Forgot your password?', label: 'Heading' },
    confirm_password: {
      type: 'boolean',
      default: true,
      label: 'Confirm password',
      description: 'Opened from the e-mailed link, the form asks for the new password twice.',
    },
    remember_password: {
      type: 'boolean',
      default: true,
      label: "'Remember your password? Sign in' link",
      description: "Opens the app's login page; hidden while the app has none.",
    },
    sign_in_page: authPageSetting('login', { setting: 'remember_password', equals: true }),
    button_text: { type: 'input', default: 'Send reset link', label: 'Button text' },
    ...buttonColorSettings(),
  },
  needs: { appAuth: {} },
};
