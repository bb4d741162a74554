import { PRODUCT_NAME } from '../../../domain/constants';
import { messages } from '../../../domain/messages';

// Server-rendered pages of the built-in provider. No script at all (our CSP allows none inline);
// the look follows Fluent UI v9 tokens so that they match the app around them.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and quoted attribute values. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE = `
*{box-sizing:border-box}
html{background:#f5f5f5;color:#242424;font-family:'Segoe UI','Segoe UI Web (West European)',-apple-system,BlinkMacSystemFont,Roboto,'Helvetica Neue',sans-serif;font-size:14px;line-height:20px}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px}
.card{width:100%;max-width:420px;background:#fff;border-radius:8px;padding:32px;box-shadow:0 0 2px rgba(0,0,0,.12),0 8px 16px rgba(0,0,0,.14)}
.brand{margin:0 0 16px;color:#0f6cbd;font-weight:600;font-size:16px;line-height:22px}
h1{margin:0 0 8px;font-size:24px;line-height:32px;font-weight:600}
p{margin:0 0 16px;color:#424242}
form{margin:0}
.field{display:flex;flex-direction:column;gap:4px;margin-bottom:16px}
label{font-weight:600}
input{height:32px;padding:0 10px;font:inherit;color:inherit;background:#fff;border:1px solid #d1d1d1;border-bottom-color:#616161;border-radius:4px;outline:none}
input:focus{border-bottom:2px solid #0f6cbd}
.actions{display:flex;justify-content:flex-end;margin-top:24px}
button{min-width:96px;height:32px;padding:0 12px;font:inherit;font-weight:600;color:#fff;background:#0f6cbd;border:1px solid transparent;border-radius:4px;cursor:pointer}
button:hover{background:#115ea3}
button:active{background:#0c3b5e}
button:focus-visible{outline:2px solid #242424;outline-offset:2px}
.error{margin:0 0 16px;padding:8px 12px;background:#fdf3f4;border:1px solid #eeacb2;border-radius:4px;color:#b10e1c}
a{color:#0f6cbd}
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="card">
<p class="brand">${PRODUCT_NAME}</p>
${body}
</main>
</body>
</html>`;
}

/** The employees' sign-in form; `error` is one of the fixed messages, shown above the form. */
export function signInPage(options: { action: string; email?: string; error?: string }): string {
  const { action, email = '', error } = options;
  return page(
    messages.signIn.heading,
    `<h1>${escapeHtml(messages.signIn.heading)}</h1>
<p>Company employees: use your work email address and password.</p>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="${escapeHtml(action)}">
<div class="field">
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${email ? '' : ' autofocus'}>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${email ? ' autofocus' : ''}>
</div>
<div class="actions"><button type="submit">Sign in</button></div>
</form>`,
  );
}

/** Asks before ending the single sign-on session; `form` is the provider's hidden form (id op.logoutForm). */
export function signOutPage(form: string): string {
  const heading = `Sign out of ${PRODUCT_NAME}?`;
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1>
<p>You will need your email address and password to sign in again.</p>
${form}
<div class="actions"><button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button></div>`,
  );
}

export function signedOutPage(): string {
  return page(`Signed out of ${PRODUCT_NAME}`, `<h1>Signed out</h1>\n<p>You are now signed out. You can close this window.</p>`);
}

/** Anything that went wrong on the provider's side, in words a person can act on. */
export function errorPage(options: { message: string; homeUrl: string }): string {
  return page(
    `${PRODUCT_NAME}: sign-in problem`,
    `<h1>Something went wrong</h1>
<p>${escapeHtml(options.message)}</p>
<p><a href="${escapeHtml(options.homeUrl)}">Return to ${PRODUCT_NAME}</a></p>`,
  );
}

/**
 * Headers for every page the provider serves, set only where the app's own security headers
 * (helmet) have not set them already: the same policy, so the pages work inside the app too.
 */
export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};
