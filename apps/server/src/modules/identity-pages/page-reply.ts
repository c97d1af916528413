/**
 * How the provider's pages reached by a link with a secret in its address
 * (registration, password reset) are answered: a strict CSP whose forms
 * post only to this origin, never cached, and no Referer that could carry
 * the link's token to another site.
 */
import type { FastifyReply } from 'fastify';

const LINK_PAGE_CSP = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

export const sendLinkPage = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('content-security-policy', LINK_PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
