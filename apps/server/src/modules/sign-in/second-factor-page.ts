/**
 * The provider's pages of the second step of a sign-in, in the sign-in
 * page's look and languages (login-page.ts): the code page, the set-up an
 * admin must make first (MFA_REQUIRED_FOR_ADMINS: QR code, the secret as
 * text, the first code), and the recovery codes shown once after it. Plain
 * forms without JavaScript; the OAuth2 request and the challenge's token
 * travel in hidden fields.
 */
import escapeHtml from 'escape-html';
import type { LoginTexts } from '../identity-pages/index.js';

export const CODE_PATH = '/identity/authorize/code';
export const SETUP_PATH = '/identity/authorize/setup';
export const CONTINUE_PATH = '/identity/authorize/continue';

interface PageBase {
  texts: LoginTexts;
  language: string;
  /** The OAuth2 request parameters, carried along in hidden fields. */
  params: Record<string, string>;
  challenge: string;
}

const hiddenFields = (params: Record<string, string>, challenge: string) =>
  [...Object.entries(params), ['challenge', challenge] as const]
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');

function page(language: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;margin:0;color:#212529}
main{max-width:460px;margin:48px auto;background:#fff;padding:32px;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.5rem;margin:0 0 8px}
label{display:block;font-weight:600;margin:16px 0 4px}
input[type=text]{width:100%;box-sizing:border-box;padding:8px 10px;font-size:1.1rem;border:1px solid #ced4da;border-radius:4px;letter-spacing:.05em}
button{margin-top:20px;width:100%;padding:10px;font-size:1rem;border:0;border-radius:4px;background:#1971c2;color:#fff;cursor:pointer}
.hint{font-size:.875rem;color:#495057;margin:6px 0 0}
.error{background:#fff5f5;color:#c92a2a;padding:8px 12px;border-radius:4px}
.qr{width:200px;height:200px;margin:8px auto}.qr svg{width:100%;height:100%}
.secret{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:1.05rem;background:#f1f3f5;padding:8px 12px;border-radius:4px;word-break:break-word}
ol.codes{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:1.05rem;background:#f1f3f5;padding:12px 12px 12px 44px;border-radius:4px}
a{color:#1864ab}
</style></head>
<body><main>
${body}
</main></body></html>`;
}

const errorBlock = (error: string | undefined) =>
  error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';

/** The code page: a TOTP code, or a recovery code. */
export function renderCodePage(model: PageBase & { error: string | undefined }): string {
  const { texts } = model;
  return page(
    model.language,
    texts.codeTitle,
    `<h1>${escapeHtml(texts.codeHeading)}</h1>
<p>${escapeHtml(texts.codeIntro)}</p>
${errorBlock(model.error)}
<form method="post" action="${CODE_PATH}">${hiddenFields(model.params, model.challenge)}
<label for="code">${escapeHtml(texts.codeLabel)}</label>
<input id="code" name="code" type="text" autocomplete="one-time-code" autocapitalize="off" spellcheck="false" required autofocus aria-describedby="code-hint">
<p id="code-hint" class="hint">${escapeHtml(texts.codeHint)}</p>
<button type="submit">${escapeHtml(texts.codeSubmit)}</button>
</form>`,
  );
}

/** The set-up an admin must make before the sign-in goes on. */
export function renderSetupPage(
  model: PageBase & { qrSvg: string; secret: string; error: string | undefined },
): string {
  const { texts } = model;
  return page(
    model.language,
    texts.setupTitle,
    `<h1>${escapeHtml(texts.setupHeading)}</h1>
<p>${escapeHtml(texts.setupIntro)}</p>
${errorBlock(model.error)}
<div class="qr" role="img" aria-label="${escapeHtml(texts.setupQrLabel)}">${model.qrSvg}</div>
<p>${escapeHtml(texts.setupSecretLabel)}</p>
<p class="secret" data-testid="totp-secret">${escapeHtml(model.secret)}</p>
<form method="post" action="${SETUP_PATH}">${hiddenFields(model.params, model.challenge)}
<label for="code">${escapeHtml(texts.setupCodeLabel)}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit">${escapeHtml(texts.setupSubmit)}</button>
</form>`,
  );
}

/** The recovery codes of a set-up in the sign-in, shown once; "Weiter" finishes the sign-in. */
export function renderRecoveryCodesPage(model: PageBase & { codes: string[] }): string {
  const { texts } = model;
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`${model.codes.join('\n')}\n`)}`;
  return page(
    model.language,
    texts.recoveryTitle,
    `<h1>${escapeHtml(texts.recoveryHeading)}</h1>
<p>${escapeHtml(texts.recoveryIntro)}</p>
<ol class="codes" data-testid="recovery-codes">${model.codes.map((code) => `<li>${escapeHtml(code)}</li>`).join('')}</ol>
<p><a href="${escapeHtml(file)}" download="wiederherstellungscodes.txt">${escapeHtml(texts.recoveryDownload)}</a></p>
<form method="post" action="${CONTINUE_PATH}">${hiddenFields(model.params, model.challenge)}
<button type="submit">${escapeHtml(texts.continue)}</button>
</form>`,
  );
}
