import { fileOperations } from '@amp/contracts/operations/file';
import { getToken } from '../../lib/api';
import { callPath } from '../../lib/api-call';
import { i18n } from '../../lib/i18n';
import { reportNetworkFailure, reportNetworkSuccess } from '../network';
import { NetworkFailure, type OutboxTransport, type TransportAnswer } from './outbox-replay';

/** Where the app uploads a file (components/files/files-api.ts), multipart with the field `file`. */
const UPLOAD_PATH = callPath(fileOperations.upload);

/**
 * The headers the app's API client sends (lib/api.ts: the bearer token, the reader's language),
 * plus the queue's own: the Idempotency-Key, so a replay never applies an action twice, and If-Match,
 * so an action is not applied to a record someone else changed since it was read.
 */
function headersOf(idempotencyKey: string, ifMatch: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': i18n.language,
    'idempotency-key': idempotencyKey,
  };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (ifMatch) headers['if-match'] = `"${ifMatch}"`;
  return headers;
}

async function answered(send: () => Promise<Response>): Promise<TransportAnswer> {
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    reportNetworkFailure();
    throw new NetworkFailure(error instanceof Error ? error.message : 'network failure');
  }
  reportNetworkSuccess();
  const text = await response.text().catch(() => '');
  let body: unknown = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    // A proxy's page, not the API's: its status tells what happened.
  }
  return { status: response.status, body };
}

/** The replay's way to the API: fetch, with the app's headers and the queue's. */
export const fetchTransport: OutboxTransport = {
  request: ({ method, path, body, idempotencyKey, ifMatch }) =>
    answered(() =>
      fetch(path, {
        method,
        headers: { ...headersOf(idempotencyKey, ifMatch), 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      }),
    ),
  upload: (file) => {
    const form = new FormData();
    form.append('file', file.blob, file.name);
    return answered(() => fetch(UPLOAD_PATH, { method: 'POST', headers: headersOf(file.idempotencyKey, null), body: form }));
  },
};
