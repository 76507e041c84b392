// The HTML of /dashboard/signupbackup: a plain form, no script and no assets of the web app, so
// sign-up works with JavaScript off, on old or locked-down browsers, and when the app's bundle
// fails to load. Every value echoed back is escaped.

export const PLAIN_SIGNUP_PATH = '/dashboard/signupbackup';
export const PLAIN_SIGNUP_ACTION = '/api/auth/signupbackup';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export interface PlainSignupState {
  name?: string;
  email?: string;
  /** The problem to show above the form (a sentence for people). */
  error?: string;
  /** The field the problem is about (marked invalid and focused). */
  field?: 'name' | 'email' | 'password';
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8f9fa;color:#212529}
  main{max-width:420px;margin:48px auto;padding:0 16px}
  .card{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:24px}
  h1{font-size:24px;margin:0 0 4px} p{margin:0 0 16px;color:#495057;font-size:14px}
  label{display:block;font-weight:600;font-size:14px;margin:12px 0 4px}
  input{width:100%;padding:8px 10px;font-size:16px;border:1px solid #ced4da;border-radius:4px}
  input[aria-invalid=true]{border-color:#e03131}
  .hint{font-size:12px;color:#868e96;margin-top:4px}
  .error{background:#fff5f5;color:#c92a2a;border:1px solid #ffc9c9;border-radius:4px;padding:8px 12px;font-size:14px}
  button{margin-top:20px;width:100%;padding:10px;font-size:16px;font-weight:600;color:#fff;background:#4f46e5;border:0;border-radius:4px;cursor:pointer}
  .foot{text-align:center;margin-top:16px;font-size:14px} a{color:#4f46e5}
`;

function input(id: 'name' | 'email' | 'password', label: string, state: PlainSignupState, attrs: string): string {
  const value = id === 'password' ? '' : escapeHtml(state[id] ?? '');
  const invalid = state.field === id ? ' aria-invalid="true" aria-describedby="problem" autofocus' : '';
  return `<label for="${id}">${label}</label><input id="${id}" name="${id}" value="${value}" required ${attrs}${invalid}>`;
}

export function plainSignupHtml(state: PlainSignupState = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign up · Sheetboard</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<h1>Create your account</h1>
<p>Turn your spreadsheets into live boards in minutes.</p>
${state.error ? `<div class="error" id="problem" role="alert">${escapeHtml(state.error)}</div>` : ''}
<form method="post" action="${PLAIN_SIGNUP_ACTION}" aria-label="Sign up">
${input('name', 'Name', state, 'autocomplete="name" maxlength="200"')}
${input('email', 'Email', state, 'type="email" autocomplete="email" maxlength="320"')}
${input('password', 'Password', state, 'type="password" autocomplete="new-password" minlength="8" maxlength="200"')}
<div class="hint">At least 8 characters</div>
<button type="submit">Sign up</button>
</form>
<div class="foot">Already have an account? <a href="/dashboard/auth">Sign in</a></div>
</div>
</main>
</body>
</html>`;
}
