import { formatMessage, type MessageKey, type MessageParams } from '@amp/contracts/messages';

export interface FieldError {
  path: string;
  message: string;
}

/** An error the client should see: status, catalogue message, optional field errors and headers. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(formatMessage(messageKey, params));
  }
}

export const notFound = (field: string) => new AppError(404, 'VALIDATION.NOT_FOUND', { field });
export const forbidden = () => new AppError(403, 'AUTH.FORBIDDEN');
export const conflict = (key: MessageKey = 'ERROR.CONFLICT', params: MessageParams = {}) => new AppError(409, key, params);

/** A 400 for one field, with the catalogue's text. */
export function invalidField(path: string, key: MessageKey, params: MessageParams = {}) {
  const message = formatMessage(key, params);
  return new AppError(400, key, params, [{ path, message }]);
}

export const HTTP_ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};
