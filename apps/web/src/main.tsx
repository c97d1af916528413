/**
 * Entry point: loads the runtime configuration and the texts, then renders
 * the app. Without a configuration nothing else can work, so a failure shows
 * a plain message.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchRouteCode } from './app/router';
import { loadRuntimeConfig } from './shared/config/runtime-config';
import { i18n, initI18n, prefetchCoreTexts } from './shared/i18n/i18n';

// The page's Content-Security-Policy forbids eval: zod validates without
// compiling its checks (and without probing whether it may). This is what
// z.config({ jitless: true }) does: zod keeps its configuration on
// globalThis.__zod_globalConfig (shared by every copy of zod); setting it
// here keeps zod itself out of the first load, with the screens that use it.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

async function start(root: HTMLElement): Promise<void> {
  // The configuration (preloaded by index.html), the texts and the page's
  // code load side by side rather than one after the other.
  const configLoad = loadRuntimeConfig();
  prefetchCoreTexts();
  prefetchRouteCode(window.location.pathname);
  try {
    const config = await configLoad;
    document.title = config.appName;
    await initI18n(config.locale, config.availableLocales);
  } catch (error) {
    await initI18n('de', ['de']);
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.style.cssText = 'font-family: system-ui, sans-serif; padding: 2rem;';
    message.textContent = i18n.t('app.configError');
    root.replaceChildren(message);
    console.error(error);
    return;
  }
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start(container);
