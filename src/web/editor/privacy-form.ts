// Push to Live (shell §2.4, §4, §8): the privacy settings of an app as the owner edits them. The
// pure steps live here (what is loaded, what is sent, which message shows when); PrivacySettings.tsx
// runs the requests and the timers.
import type { App, SignInMethod as SignInMethodSchema, UpdateAppBody } from '../../shared/api';
import { appNameFromHost } from '../../shared/rules/slug';
import { boardUrl } from '../lib/host';
import type { z } from 'zod';

export type SignInMethod = z.infer<typeof SignInMethodSchema>;
/** The spec's two methods, in the order the select offers them. */
export const SIGN_IN_METHODS = ['No sign in', 'Use password set by user'] as const satisfies readonly SignInMethod[];
export const DEFAULT_SIGN_IN_METHOD: SignInMethod = 'No sign in';

export const PRIVACY_TEXT = {
  noAppName: 'Unable to determine app name',
  noAppInfo: 'Unable to get app information',
  saveFailed: 'Failed to public. Please try again.',
  autoSaveFailed: 'Failed to automatically save settings. Please try again.',
  autoSaving: 'Auto-saving privacy settings...',
  savedTitle: 'Privacy settings saved',
} as const;

/** Shell §9: dialog close after going live; privacy success message; auto-save message. */
export const PRIVACY_DELAYS = { closeAfterLive: 1000, successMessage: 3000, autoSaveMessage: 2000 } as const;

export interface PrivacySettings {
  isPublic: boolean;
  publishUrl: string;
  signInMethod: SignInMethod;
}

export const isSignInMethod = (v: unknown): v is SignInMethod => (SIGN_IN_METHODS as readonly unknown[]).includes(v);

/** The app's own address, `http://{subdomain}.{base host}` (no trailing slash): the Publish URL until the owner sets another. */
export function defaultPublishUrl(baseUrl: string, subdomain: string): string {
  return boardUrl(baseUrl, subdomain).replace(/\/$/, '');
}

/** What the form starts from: the app's saved settings; an empty Publish URL shows the app's address. */
export function settingsFromApp(app: Pick<App, 'public' | 'sign_in_method' | 'publishUrl'>, appAddress: string): PrivacySettings {
  return {
    isPublic: app.public === true,
    publishUrl: app.publishUrl?.trim() || appAddress,
    signInMethod: isSignInMethod(app.sign_in_method) ? app.sign_in_method : DEFAULT_SIGN_IN_METHOD,
  };
}

/** A failed load falls back to not public and 'No sign in' (shell §8). */
export function fallbackSettings(appAddress: string): PrivacySettings {
  return { isPublic: false, publishUrl: appAddress, signInMethod: DEFAULT_SIGN_IN_METHOD };
}

/** `PUT /api/apps/{id}` body, exactly the spec's three fields. */
export function saveBody(s: PrivacySettings): Required<Pick<UpdateAppBody, 'public' | 'publishUrl' | 'sign_in_method'>> {
  return { public: s.isPublic, publishUrl: s.publishUrl.trim(), sign_in_method: s.signInMethod };
}

export class PrivacyError extends Error {
  constructor(
    message: string,
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = 'PrivacyError';
  }
}

/**
 * Which app the settings are about. The editor knows its app's id; without one the spec's way is
 * used: the app named by the first label of the host (`POST /api/app/app-info {appName}`).
 */
export async function resolveAppId(knownId: string | undefined, host: string, lookup: (appName: string) => Promise<{ app?: { id?: string } } | null>): Promise<string> {
  if (knownId) return knownId;
  const appName = appNameFromHost(host);
  if (!appName) throw new PrivacyError(PRIVACY_TEXT.noAppName);
  let id: string | undefined;
  try {
    id = (await lookup(appName))?.app?.id;
  } catch (e) {
    throw new PrivacyError(PRIVACY_TEXT.noAppInfo, e instanceof Error ? e.message : null);
  }
  if (!id) throw new PrivacyError(PRIVACY_TEXT.noAppInfo);
  return id;
}

export type Notice = { kind: 'info' | 'error'; text: string; detail?: string | null } | null;

export interface PrivacyState {
  settings: PrivacySettings;
  loading: boolean;
  /** The Save button's request. */
  saving: boolean;
  /** The switch turned off: saving at once. */
  autoSaving: boolean;
  notice: Notice;
  /** Server issues by field (`publishUrl`, `sign_in_method`). */
  fieldErrors: Record<string, string>;
}

export type PrivacyAction =
  | { type: 'loaded'; settings: PrivacySettings }
  | { type: 'load-failed'; settings: PrivacySettings; error: string; detail?: string | null }
  | { type: 'edit'; patch: Partial<Pick<PrivacySettings, 'publishUrl' | 'signInMethod'>> }
  | { type: 'toggle'; on: boolean }
  | { type: 'save-start' }
  | { type: 'save-ok'; settings: PrivacySettings }
  | { type: 'save-failed'; detail?: string | null; fieldErrors?: Record<string, string> }
  | { type: 'auto-save-ok' }
  | { type: 'auto-save-failed'; detail?: string | null }
  | { type: 'notice-expired'; text: string };

export function initialPrivacyState(appAddress: string): PrivacyState {
  return { settings: fallbackSettings(appAddress), loading: true, saving: false, autoSaving: false, notice: null, fieldErrors: {} };
}

export function privacyReducer(state: PrivacyState, action: PrivacyAction): PrivacyState {
  switch (action.type) {
    case 'loaded':
      return { ...state, loading: false, settings: action.settings };
    case 'load-failed':
      return { ...state, loading: false, settings: action.settings, notice: { kind: 'error', text: action.error, detail: action.detail ?? null } };
    case 'edit':
      return { ...state, settings: { ...state.settings, ...action.patch }, fieldErrors: {} };
    case 'toggle':
      if (action.on === state.settings.isPublic) return state;
      // On: the form opens and the messages are cleared. Off: saved at once, with its message.
      return action.on
        ? { ...state, settings: { ...state.settings, isPublic: true }, notice: null, fieldErrors: {} }
        : { ...state, settings: { ...state.settings, isPublic: false }, autoSaving: true, notice: { kind: 'info', text: PRIVACY_TEXT.autoSaving }, fieldErrors: {} };
    case 'save-start':
      return { ...state, saving: true, notice: null, fieldErrors: {} };
    case 'save-ok':
      return { ...state, saving: false, settings: action.settings };
    case 'save-failed':
      return { ...state, saving: false, notice: { kind: 'error', text: PRIVACY_TEXT.saveFailed, detail: action.detail ?? null }, fieldErrors: action.fieldErrors ?? {} };
    case 'auto-save-ok':
      // The 'Auto-saving…' message stays for its 2 s.
      return { ...state, autoSaving: false };
    case 'auto-save-failed':
      // The app is still public on the server: the switch says so again.
      return {
        ...state,
        autoSaving: false,
        settings: { ...state.settings, isPublic: true },
        notice: { kind: 'error', text: PRIVACY_TEXT.autoSaveFailed, detail: action.detail ?? null },
      };
    case 'notice-expired':
      return state.notice?.text === action.text ? { ...state, notice: null } : state;
  }
}

/** What the switch's position means, in words: the state first (Public / Private), then who can open the app. */
export function privacyDescription(isPublic: boolean): string {
  return isPublic ? 'Public: visitors can open the app.' : 'Private: only you and your editors can open the app. Turn on to publish it.';
}

/** The success message (a toast shown 3 s; the dialog may close before that). */
export function savedMessage(s: PrivacySettings): string {
  if (!s.isPublic) return 'Your app is private: only you and your editors can open it.';
  const url = s.publishUrl.trim();
  return s.signInMethod === 'Use password set by user'
    ? `Your app is live at ${url}. Visitors sign in with the password they set.`
    : `Your app is live at ${url}. Anyone with the address can view it.`;
}
