/**
 * The pages of a forgotten password: the request for a link (an email
 * field, the authorization request's parameters carried along in hidden
 * fields), its one answer for every address, the new password's form of a
 * link, and the messages after it. Plain HTML forms that work without
 * JavaScript, in the provider's catalogues.
 */
import escapeHtml from 'escape-html';
import type { LoginTexts } from '../identity-pages/index.js';

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;margin:0;color:#212529}
main{max-width:420px;margin:48px auto;background:#fff;padding:32px;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.5rem;margin:0 0 8px}label{display:block;font-weight:600;margin:16px 0 4px}
input[type=email],input[type=password]{width:100%;box-sizing:border-box;padding:8px 10px;font-size:1rem;border:1px solid #ced4da;border-radius:4px}
button{margin-top:20px;width:100%;padding:10px;font-size:1rem;border:0;border-radius:4px;background:#1971c2;color:#fff;cursor:pointer}
.error{background:#fff5f5;color:#c92a2a;padding:8px 12px;border-radius:4px}
.done{background:#ebfbee;color:#1b5e20;padding:8px 12px;border-radius:4px}
a{color:#1864ab}p.links{margin-top:20px}`;

const e = (value: string) => escapeHtml(value);

function page(language: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${e(language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${e(title)}</h1>${body}</main></body></html>`;
}

const hiddenFields = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`)
    .join('');

const errorLine = (error: string | undefined) =>
  error ? `<p class="error" role="alert">${e(error)}</p>` : '';

const link = (href: string, text: string) =>
  `<p class="links"><a href="${e(href)}">${e(text)}</a></p>`;

/** The request for a link: the email field, and the way back to signing in. */
export function renderForgotPage(model: {
  texts: LoginTexts;
  language: string;
  action: string;
  params: Record<string, string>;
  email: string;
  error: string | undefined;
  signInUrl: string;
}): string {
  const { texts } = model;
  return page(
    model.language,
    texts.forgotTitle,
    `<p>${e(texts.forgotIntro)}</p>${errorLine(model.error)}
<form method="post" action="${e(model.action)}">${hiddenFields(model.params)}
<label for="email">${e(texts.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${e(model.email)}">
<button type="submit">${e(texts.forgotSubmit)}</button>
</form>${link(model.signInUrl, texts.backToSignIn)}`,
  );
}

/** The one answer to a request, whether an account has the address or not. */
export function renderForgotSentPage(model: {
  texts: LoginTexts;
  language: string;
  minutes: number;
  signInUrl: string;
}): string {
  const { texts } = model;
  return page(
    model.language,
    texts.forgotTitle,
    `<p class="done" role="status">${e(texts.forgotSent)}</p>
<p>${e(texts.forgotSentHint.replace('{minutes}', String(model.minutes)))}</p>${link(model.signInUrl, texts.backToSignIn)}`,
  );
}

/** A link's form: the new password twice. */
export function renderResetPage(model: {
  texts: LoginTexts;
  language: string;
  action: string;
  token: string;
  email: string;
  error: string | undefined;
}): string {
  const { texts } = model;
  return page(
    model.language,
    texts.resetTitle,
    `<p>${e(texts.resetIntro.replace('{email}', () => model.email))}</p>${errorLine(model.error)}
<form method="post" action="${e(model.action)}">
<input type="hidden" name="token" value="${e(model.token)}">
<label for="password">${e(texts.newPassword)}</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required>
<label for="password_repeat">${e(texts.repeatPassword)}</label>
<input id="password_repeat" name="password_repeat" type="password" autocomplete="new-password" minlength="8" required>
<button type="submit">${e(texts.resetSubmit)}</button>
</form>`,
  );
}

/**
 * A message after a link's form or instead of it (done, a link that cannot
 * be used, too many attempts), with one way on.
 */
export function renderResetMessage(model: {
  texts: LoginTexts;
  language: string;
  title: string;
  message: string;
  kind: 'done' | 'error';
  next: { href: string; text: string };
}): string {
  const role = model.kind === 'done' ? 'status' : 'alert';
  return page(
    model.language,
    model.title,
    `<p class="${model.kind}" role="${role}">${e(model.message)}</p>${link(model.next.href, model.next.text)}`,
  );
}
