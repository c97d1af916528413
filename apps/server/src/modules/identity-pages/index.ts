/**
 * What the identity provider's page modules (sign-in, registration,
 * password-reset) share: the pages' layout and texts, how a page answers a
 * link, and the authorization request the sign-in flow carries along.
 */
export {
  ALLOWED_SCOPES,
  AUTHORIZE_PARAM_NAMES,
  checkAuthorizeRequest,
  redirectWith,
  responseTypesOf,
  type AuthorizeParams,
} from './authorize-request.js';
export { loginTexts, renderErrorPage, renderLoginPage, type LoginTexts } from './login-page.js';
export { sendLinkPage } from './page-reply.js';
