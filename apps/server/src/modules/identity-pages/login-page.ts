/**
 * The provider's sign-in page, in German or in the language `ui_locales`
 * asks for where the locales have it: a plain HTML form that works without
 * JavaScript. The OAuth2 request travels in hidden fields. In demo mode each
 * demo account gets a one-click sign-in button.
 */
import escapeHtml from 'escape-html';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

export type LoginTexts = typeof de;
const catalogues = new Map<string, LoginTexts>([
  ['de', de],
  ['en', en],
]);

/** The texts of a page, and the language they are in (the page's `lang`). */
export interface LoginCatalogue {
  language: string;
  texts: LoginTexts;
}

/**
 * The catalogue of the first language of `ui_locales` (tags by preference,
 * e.g. `fr-CA en`) that has one; German otherwise.
 */
export function loginTexts(locales: string | undefined): LoginCatalogue {
  for (const tag of (locales ?? '').split(' ')) {
    const language = tag.split(/[-_]/)[0]?.toLowerCase() ?? '';
    const texts = catalogues.get(language);
    if (texts) return { language, texts };
  }
  return { language: 'de', texts: de };
}

export interface LoginPageModel {
  texts: LoginTexts;
  /** The language of `texts`. */
  language: string;
  action: string;
  /** The OAuth2 request parameters, carried along in hidden fields. */
  params: Record<string, string>;
  email: string;
  error: string | undefined;
  demoAccounts: readonly { email: string; description: string }[];
  /** The page that asks for a password reset link, with the request's parameters. */
  forgotPasswordUrl?: string;
}

const hiddenFields = (params: Record<string, string>) =>
  Object.entries(params)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');

export function renderLoginPage(model: LoginPageModel): string {
  const { texts } = model;
  const hidden = hiddenFields(model.params);
  const error = model.error ? `<p class="error" role="alert">${escapeHtml(model.error)}</p>` : '';
  const demo =
    model.demoAccounts.length === 0
      ? ''
      : `<section aria-labelledby="demo-heading"><h2 id="demo-heading">${escapeHtml(texts.demoHeading)}</h2>
<p>${escapeHtml(texts.demoHint)}</p><ul class="demo">${model.demoAccounts
          .map(
            (account) => `<li><form method="post" action="${escapeHtml(model.action)}">${hidden}
<input type="hidden" name="email" value="${escapeHtml(account.email)}"><input type="hidden" name="password" value="demo">
<button type="submit" class="secondary">${escapeHtml(texts.demoSignInAs.replace('{email}', () => account.email))}</button>
<span>${escapeHtml(account.description)}</span></form></li>`,
          )
          .join('')}</ul></section>`;
  return `<!doctype html>
<html lang="${escapeHtml(model.language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;margin:0;color:#212529}
main{max-width:420px;margin:48px auto;background:#fff;padding:32px;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.5rem;margin:0 0 8px}h2{font-size:1.1rem;margin:24px 0 8px}
label{display:block;font-weight:600;margin:16px 0 4px}
input[type=email],input[type=password]{width:100%;box-sizing:border-box;padding:8px 10px;font-size:1rem;border:1px solid #ced4da;border-radius:4px}
button{margin-top:20px;width:100%;padding:10px;font-size:1rem;border:0;border-radius:4px;background:#1971c2;color:#fff;cursor:pointer}
button.secondary{margin-top:4px;background:#e7f5ff;color:#1864ab;text-align:left}
.error{background:#fff5f5;color:#c92a2a;padding:8px 12px;border-radius:4px}
p.forgot{margin:16px 0 0}p.forgot a{color:#1864ab}
ul.demo{list-style:none;padding:0;margin:0}ul.demo li{margin-bottom:8px}ul.demo span{font-size:.85rem;color:#495057}
</style></head>
<body><main>
<h1>${escapeHtml(texts.heading)}</h1>
<p>${escapeHtml(texts.intro)}</p>
${error}
<form method="post" action="${escapeHtml(model.action)}">${hidden}
<label for="email">${escapeHtml(texts.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(model.email)}">
<label for="password">${escapeHtml(texts.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${escapeHtml(texts.submit)}</button>
</form>
${model.forgotPasswordUrl ? `<p class="forgot"><a href="${escapeHtml(model.forgotPasswordUrl)}">${escapeHtml(texts.forgotLink)}</a></p>` : ''}
${demo}
</main></body></html>`;
}

/**
 * A page for a request that cannot go on. `appUrl` names the address the
 * application is reached at (a browser that came by another one cannot sign in).
 */
export function renderErrorPage(
  texts: LoginTexts,
  language: string,
  { message, appUrl }: { message: string; appUrl?: string },
): string {
  const [before = '', after = ''] = texts.appAddress.split('{url}');
  const address = appUrl
    ? `<p>${escapeHtml(before)}<a href="${escapeHtml(appUrl)}">${escapeHtml(appUrl)}</a>${escapeHtml(after)}</p>`
    : '';
  return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(texts.title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:480px;margin:48px auto"><h1>${escapeHtml(texts.heading)}</h1>
<p role="alert">${escapeHtml(message)}</p>${address}</body></html>`;
}
