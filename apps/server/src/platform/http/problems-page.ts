/**
 * The page the problem types of the API point to (`type` of an error answer:
 * `{PUBLIC_URL}/api/docs/problems#{message key}`): one anchored entry per
 * message key with its title, in English, beside the OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGE_KEYS } from '@backoffice/domain';
import { PROBLEMS_PATH } from './problem.js';
import { PROBLEM_TITLES } from './problem-titles.js';

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The page, the same for every request: built once. */
function problemsPage(): string {
  const entries = MESSAGE_KEYS.map(
    (key) => `<dt id="${key}"><code>${key}</code></dt><dd>${escapeHtml(PROBLEM_TITLES[key])}</dd>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Problem types of the API</title></head>
<body><h1>Problem types of the API</h1>
<p>Each error answer of the API (<code>application/problem+json</code>, RFC 9457) names its message key in <code>message</code> and its type as this page with the key as anchor. The OpenAPI document: <a href="/api/docs">/api/docs</a>.</p>
<dl>
${entries}
</dl></body></html>
`;
}

export function registerProblemsPage(app: FastifyInstance): void {
  const page = problemsPage();
  app.get(PROBLEMS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(page),
  );
}
