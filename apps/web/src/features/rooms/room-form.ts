import type { TFieldErrors } from '../../lib/form-errors';

/** The fields of the create and edit room forms, as the request schemas (and the API's validation details) name them. */
export const ROOM_FIELDS = ['name', 'zoomLink'] as const;

export type TRoomFieldErrors = TFieldErrors<(typeof ROOM_FIELDS)[number]>;
