/**
 * Sending webhooks (docs/product.md#webhooks). The dispatcher turns each
 * recorded event into one delivery per endpoint that subscribed to it; the
 * delivery job makes one attempt: a signed POST of the message, 2xx within
 * the timeout is delivered. A failed attempt is tried again after the next
 * pause of the retry schedule (about a day in all), each attempt a job of
 * its own, so that a restart loses none. An endpoint whose deliveries have
 * all failed for WEBHOOK_DISABLE_AFTER_HOURS is switched off, and the people
 * who manage it are mailed.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { request, type Agent } from 'undici';
import type { WebhooksSettings } from '../../platform/config/config-webhooks.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { webhookDisabledMail } from '../../platform/mail/templates.js';
import { isRefusedLiteral, webhookAgent } from './address-guard.js';
import {
  deleteEvents,
  endpointsFor,
  findDelivery,
  insertDeliveries,
  markFailing,
  markHealthy,
  ownersOf,
  recordAttempt,
  subscribes,
  switchOff,
  takeWaitingEvents,
  type DeliveryRow,
  type EndpointRow,
} from './queries.js';
import { openSecret, signedHeaders } from './signing.js';

export const WEBHOOK_DISPATCH_QUEUE = 'webhook-dispatch';
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

/** Events one dispatcher transaction takes. */
const DISPATCH_BATCH = 200;

/** What a delivery job's data says: which message, and whether a person asked for this attempt. */
export interface DeliveryJobData {
  deliveryId: string;
  /** "Erneut senden" or "Test senden": one attempt, no further retries after it. */
  manual?: boolean;
}

export interface WebhookDeliveryDeps {
  db: Db;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  settings: WebhooksSettings;
  /** The key the endpoints' secrets are encrypted with. */
  secretsKey: Buffer;
  web: { appName: string; frontendUrl: string; timeZone: string };
}

/** The body of a message: Standard Webhooks' `{type, timestamp, data}`. */
export const messageBody = (event: { type: string; occurredAt: Date; data: unknown }): string =>
  JSON.stringify({ type: event.type, timestamp: event.occurredAt.toISOString(), data: event.data });

/** Puts the attempt of deliveries into the queue, in the transaction that made them. */
export async function enqueueAttempts(
  jobs: JobQueue,
  tx: DbOrTx,
  deliveries: readonly { id: string; manual?: boolean; delaySeconds?: number }[],
): Promise<void> {
  for (const delivery of deliveries) {
    const data: DeliveryJobData = {
      deliveryId: delivery.id,
      ...(delivery.manual ? { manual: true } : {}),
    };
    await jobs.send(tx, {
      name: WEBHOOK_DELIVERY_QUEUE,
      data,
      ...(delivery.delaySeconds ? { startAfterSeconds: delivery.delaySeconds } : {}),
    });
  }
}

/**
 * Hands the waiting events to their endpoints: one delivery per subscribed
 * endpoint, its attempt queued, the event deleted, in one transaction.
 * Answers how many events it took (a full batch: call again).
 */
export async function dispatchWebhookEvents(
  deps: Pick<WebhookDeliveryDeps, 'db' | 'jobs'>,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const events = await takeWaitingEvents(tx, DISPATCH_BATCH);
    if (events.length === 0) return 0;
    const endpoints = await endpointsFor(tx, [...new Set(events.map((event) => event.merchantId))]);
    const deliveries = events.flatMap((event) =>
      endpoints
        .filter((endpoint) => subscribes(endpoint, event))
        .map((endpoint) => ({
          id: randomUUID(),
          endpointId: endpoint.id,
          event: event.type,
          payload: messageBody(event),
        })),
    );
    await insertDeliveries(tx, deliveries);
    await enqueueAttempts(deps.jobs, tx, deliveries);
    await deleteEvents(
      tx,
      events.map((event) => event.id),
    );
    return events.length;
  });
}

/** What one attempt got: the receiver's status, or why there was none. */
interface AttemptResult {
  status: number | null;
  error: string | null;
  durationMs: number;
}

const agents = new Map<boolean, Agent>();
const agentFor = (allowPrivate: boolean): Agent => {
  let agent = agents.get(allowPrivate);
  if (!agent) {
    agent = webhookAgent(allowPrivate);
    agents.set(allowPrivate, agent);
  }
  return agent;
};

/** Why an attempt failed without an answer, in words for the delivery log. */
function failureText(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  if (code === 'EADDRNOTALLOWED') return 'address_not_allowed';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return 'timeout';
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host_not_found';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (typeof code === 'string') return code.toLowerCase();
  return 'connection_failed';
}

/** One signed POST of the message; never throws. */
async function send(
  deps: Pick<WebhookDeliveryDeps, 'settings'>,
  message: { endpoint: EndpointRow; delivery: DeliveryRow; secret: string },
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(message.endpoint.url);
  if (isRefusedLiteral(url, deps.settings.allowPrivate)) {
    return { status: null, error: 'address_not_allowed', durationMs: 0 };
  }
  try {
    const answer = await request(url, {
      method: 'POST',
      dispatcher: agentFor(deps.settings.allowPrivate),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Backoffice-Webhooks/1',
        ...signedHeaders(
          message.secret,
          { id: message.delivery.id, body: message.delivery.payload },
          new Date(),
        ),
      },
      body: message.delivery.payload,
      signal: AbortSignal.timeout(deps.settings.timeoutMs),
      headersTimeout: deps.settings.timeoutMs,
      bodyTimeout: deps.settings.timeoutMs,
    });
    // The answer's body is not kept; reading it frees the connection.
    await answer.body.dump();
    return { status: answer.statusCode, error: null, durationMs: elapsed() };
  } catch (error) {
    return { status: null, error: failureText(error), durationMs: elapsed() };
  }
}

const succeeded = (result: AttemptResult) =>
  result.status !== null && result.status >= 200 && result.status < 300;

/** The endpoint failed once more: switched off when it has failed long enough, its owners mailed. */
async function noteFailure(
  deps: WebhookDeliveryDeps,
  tx: DbOrTx,
  failure: { endpoint: EndpointRow; lastError: string },
): Promise<void> {
  const endpoint = await markFailing(tx, failure.endpoint.id);
  if (!endpoint?.active || !endpoint.failingSince) return;
  const failingHours = (Date.now() - endpoint.failingSince.getTime()) / 3_600_000;
  if (failingHours < deps.settings.disableAfterHours) return;
  if (!(await switchOff(tx, endpoint.id))) return;
  deps.log.warn(
    { endpointId: endpoint.id },
    'webhook endpoint switched off after failing deliveries',
  );
  const owners = await ownersOf(tx, endpoint);
  if (owners.emails.length === 0) return;
  const path =
    endpoint.merchantId === null ? '/admin/webhooks' : `/merchants/${endpoint.merchantId}/webhooks`;
  const mail = webhookDisabledMail({
    url: endpoint.url,
    merchant: owners.merchantName,
    since: endpoint.failingSince,
    lastError: failure.lastError,
    link: `${deps.web.frontendUrl.replace(/\/+$/, '')}${path}`,
    appName: deps.web.appName,
    timeZone: deps.web.timeZone,
  });
  await enqueueMail(deps, tx, { to: owners.emails, ...mail });
}

/**
 * One attempt at a delivery: sent, its outcome recorded, the next attempt
 * queued when one is due. A delivery no longer pending (done, or another
 * attempt recorded meanwhile) is left alone.
 */
export async function attemptDelivery(
  deps: WebhookDeliveryDeps,
  job: DeliveryJobData,
): Promise<void> {
  const found = await findDelivery(deps.db, job.deliveryId);
  if (found?.delivery.status !== 'pending') return;
  const { delivery, endpoint } = found;
  const attempts = delivery.attempts + 1;
  const secret = openSecret(deps.secretsKey, endpoint.secret);
  const result: AttemptResult =
    !endpoint.active && !job.manual
      ? { status: null, error: 'endpoint_disabled', durationMs: 0 }
      : secret === undefined
        ? { status: null, error: 'secret_unreadable', durationMs: 0 }
        : await send(deps, { endpoint, delivery, secret });
  const ok = succeeded(result);
  const delay =
    ok || job.manual || !endpoint.active
      ? undefined
      : deps.settings.retryDelaysSeconds[attempts - 1];
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const recorded = await recordAttempt(tx, delivery, {
      status: ok ? 'succeeded' : delay === undefined ? 'failed' : 'pending',
      attempts,
      responseStatus: result.status,
      durationMs: result.durationMs,
      error: result.error ?? (ok ? null : `http_${String(result.status)}`),
      lastAttemptAt: now,
      nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay * 1000),
    });
    if (!recorded) return;
    if (delay !== undefined)
      await enqueueAttempts(deps.jobs, tx, [{ id: delivery.id, delaySeconds: delay }]);
    if (ok) await markHealthy(tx, endpoint.id);
    else if (endpoint.active) {
      await noteFailure(deps, tx, { endpoint, lastError: recorded.error ?? 'failed' });
    }
  });
}
