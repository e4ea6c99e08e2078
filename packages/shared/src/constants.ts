/** Business constants and limits (spec §9). Both the web client and the server import these. */

export const PRODUCT_NAME = 'Resolved';

/** Toasts: top-right, auto-close 5000 ms. */
export const TOAST_AUTO_CLOSE_MS = 5000;

/** The six fixed meeting rooms; created rooms take ids from 7 upward. */
export const FIXED_ROOM_COUNT = 6;
export const FIRST_CREATED_ROOM_ID = 7;
/** How many rooms one person may have created at a time (moderators and admins are not capped). */
export const MAX_CREATED_ROOMS_PER_USER = 10;
/** How many topics the history lists. */
export const TOPIC_HISTORY_LIMIT = 50;

/** Ranks: top 3 Elite, top 10 Advanced. */
export const ELITE_RANK = 3;
export const ADVANCED_RANK = 10;

export const LIMITS = {
  topicTitle: { min: 1, max: 300 },
  topicDate: { min: 1, max: 100 },
  topicDescription: { min: 1, max: 2000 },
  roomName: { min: 1, max: 80 },
  roomLink: { min: 1, max: 2000 },
  chatMessage: { min: 1, max: 1000 },
  displayName: { min: 1, max: 80 },
  email: { max: 254 },
  password: { min: 8, max: 128 },
  contactName: { min: 1, max: 120 },
  contactMessage: { min: 1, max: 5000 },
} as const;

export const DEFAULT_TOPIC = {
  title: 'Should cryptocurrencies be regulated like traditional currencies?',
  date: 'July 20, 2025',
  description:
    'This debate explores whether digital currencies such as Bitcoin should face the same government regulation as traditional money.',
} as const;

/** Help page frame height (spec §9). */
export const HELP_FORM_HEIGHT_PX = 700;

/** The largest id or counter both databases store in an integer column (PostgreSQL `integer`). */
export const DB_INT_MAX = 2_147_483_647;
