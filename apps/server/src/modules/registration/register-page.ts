/**
 * The German registration page of an invitation: a plain HTML form that sets
 * the invited person's password (no JavaScript), and its answers.
 */
import escapeHtml from 'escape-html';
import type { LoginTexts } from '../identity-pages/index.js';

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;margin:0;color:#212529}
main{max-width:420px;margin:48px auto;background:#fff;padding:32px;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.5rem;margin:0 0 8px}label{display:block;font-weight:600;margin:16px 0 4px}
input[type=password]{width:100%;box-sizing:border-box;padding:8px 10px;font-size:1rem;border:1px solid #ced4da;border-radius:4px}
button{margin-top:20px;width:100%;padding:10px;font-size:1rem;border:0;border-radius:4px;background:#1971c2;color:#fff;cursor:pointer}
.error{background:#fff5f5;color:#c92a2a;padding:8px 12px;border-radius:4px}a.button{display:inline-block;margin-top:16px}`;

function page(texts: LoginTexts, language: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.registerTitle)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(texts.registerHeading)}</h1>${body}</main></body></html>`;
}

export function renderRegisterPage(model: {
  texts: LoginTexts;
  language: string;
  action: string;
  token: string;
  email: string;
  error: string | undefined;
}): string {
  const { texts } = model;
  const error = model.error ? `<p class="error" role="alert">${escapeHtml(model.error)}</p>` : '';
  return page(
    texts,
    model.language,
    `<p>${escapeHtml(texts.registerIntro.replace('{email}', () => model.email))}</p>${error}
<form method="post" action="${escapeHtml(model.action)}">
<input type="hidden" name="token" value="${escapeHtml(model.token)}">
<label for="password">${escapeHtml(texts.newPassword)}</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="8" required>
<label for="password_repeat">${escapeHtml(texts.repeatPassword)}</label>
<input id="password_repeat" name="password_repeat" type="password" autocomplete="new-password" minlength="8" required>
<button type="submit">${escapeHtml(texts.registerSubmit)}</button>
</form>`,
  );
}

export function renderRegisterMessage(
  texts: LoginTexts,
  language: string,
  { message, appUrl }: { message: string; appUrl: string | undefined },
): string {
  const link = appUrl
    ? `<p><a class="button" href="${escapeHtml(appUrl)}">${escapeHtml(texts.toApp)}</a></p>`
    : '';
  return page(texts, language, `<p role="alert">${escapeHtml(message)}</p>${link}`);
}
