import { z } from 'zod';

export const ROLES = ['user', 'moderator', 'admin'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/** The signed-in user as the server and the client see it. Never carries a password hash or token. */
export const ZSessionUser = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: ZRole,
  score: z.number().int(),
  createdAt: z.string(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;
