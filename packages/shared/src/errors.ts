/** Error codes shared by the server (which maps them to HTTP statuses) and the client (which reads them). */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
  'service_unavailable',
] as const;

export type TErrorCode = (typeof ERROR_CODES)[number];

export interface TErrorBody {
  error: { code: TErrorCode | string; message: string; details?: unknown };
}
