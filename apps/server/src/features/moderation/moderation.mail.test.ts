/**
 * A child-safety case e-mails every admin when SMTP_URL is set, once per case (a second report
 * joins it silently); other reasons send nothing. Through a local SMTP server, on both engines.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { startTestSmtp, type TTestSmtp } from '../../test/smtp';

describe.each(TEST_ENGINES)('child-safety mail on %s', (engine) => {
  let smtp: TTestSmtp;
  let t: TTestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => smtp.close());
  beforeEach(async () => {
    t = await createTestApp(engine, { SMTP_URL: smtp.url, MAIL_FROM: 'Resolved <no-reply@school.test>' });
  });
  afterEach(async () => t.close());

  const report = (cookie: string, userId: string, reason: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { cookie },
      payload: { target: 'user', userId, reason },
    });

  it('mails every admin once for a new child-safety case, and nothing for other reasons', async () => {
    const admins = [await buildUser(t, { role: 'admin' }), await buildUser(t, { role: 'admin' })];
    const a = await buildUser(t);
    const c = await buildUser(t);
    const b = await buildUser(t, { displayName: 'Suspect Sam' });
    expect((await report(a.cookie, b.user.id, 'spam')).statusCode).toBe(201);
    const first = await report(a.cookie, b.user.id, 'child_safety');
    expect(first.statusCode).toBe(201);
    expect((await report(c.cookie, b.user.id, 'child_safety')).json().joined).toBe(true);
    // Sign-ups send their own verification mail: only the safety mails count here.
    const safetyMails = () => smtp.messages.filter((m) => m.raw.includes('Child-safety report'));
    const deadline = Date.now() + 5000;
    while (safetyMails().length < admins.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const caseId = first.json().caseId as number;
    for (const admin of admins) {
      const mail = safetyMails().filter((m) => m.to.includes(admin.user.email.toLowerCase()));
      expect(mail).toHaveLength(1);
      expect(mail[0]!.text).toContain('Suspect Sam');
      expect(mail[0]!.text).toContain(`/moderation/cases/${caseId}`);
    }
    expect(safetyMails()).toHaveLength(admins.length);
  });
});
