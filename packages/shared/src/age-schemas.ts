/** The month-of-birth forms' schemas: with the pages and routes that validate, not in the first load. */
import { z } from 'zod';
import { AGE_IMPOSSIBLE, ageOn, BIRTH_MONTH_MESSAGES, BIRTH_MONTH_PATTERN } from './age.js';

/** A month of birth as sent by a form: "YYYY-MM", a real month, not in the future, not 120 or more years ago. */
export const ZBirthMonth = z
  .string({ error: BIRTH_MONTH_MESSAGES.required })
  .trim()
  .min(1, BIRTH_MONTH_MESSAGES.required)
  .regex(BIRTH_MONTH_PATTERN, BIRTH_MONTH_MESSAGES.invalid)
  .superRefine((value, ctx) => {
    const now = new Date();
    const [year, month] = value.split('-').map(Number) as [number, number];
    const nowYear = now.getUTCFullYear();
    const nowMonth = now.getUTCMonth() + 1;
    if (year > nowYear || (year === nowYear && month > nowMonth)) {
      ctx.addIssue({ code: 'custom', message: BIRTH_MONTH_MESSAGES.future });
    } else if (ageOn(value, now) >= AGE_IMPOSSIBLE) {
      ctx.addIssue({ code: 'custom', message: BIRTH_MONTH_MESSAGES.tooOld });
    }
  });

/** `PUT /api/users/me/birth-month` (while unset) and an admin's `PUT /api/users/:id/birth-month`. */
export const ZSetBirthMonthRequest = z.object({ birthMonth: ZBirthMonth });
export type TSetBirthMonthRequest = z.infer<typeof ZSetBirthMonthRequest>;

/** An admin grants or revokes verified judge (`PUT /api/users/:id/verified-judge`). */
export const ZVerifiedJudgeRequest = z.object({
  isVerifiedJudge: z.boolean({ error: 'Say whether this person is a verified judge (true or false).' }),
});
export type TVerifiedJudgeRequest = z.infer<typeof ZVerifiedJudgeRequest>;
