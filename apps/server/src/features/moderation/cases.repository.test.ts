/**
 * Filing into the open case, on both engines: first reports at the same moment meet at the one-open-case index and
 * all end up in one case (on PostgreSQL they really race, on separate connections), which counts each reporter once
 * and the text filter's hit apart.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { fileIntoOpenCase, findCase } from './cases.repository';

describe.each(TEST_ENGINES)('filing into the open case on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(async () => t.close());

  const file = (reportedUserId: string, reporterId: string | null) => {
    const createdAt = new Date().toISOString();
    return fileIntoOpenCase(t.database.db, {
      reportedUserId,
      reportedName: 'Reported',
      reason: 'other',
      createdAt,
      retainUntil: null,
      report: {
        reporterId,
        reporterName: reporterId ?? 'Text filter',
        ...(reporterId === null ? { isAutomatic: 1 } : {}),
        target: 'user',
        targetId: null,
        details: null,
        context: '{}',
        createdAt,
      },
    });
  };

  it('opens one case for simultaneous first reports, and every report joins it', async () => {
    const reported = await buildUser(t);
    const reporters = [await buildUser(t), await buildUser(t), await buildUser(t), await buildUser(t)];
    const filed = await Promise.all([
      ...reporters.map((r) => file(reported.user.id, r.user.id)),
      file(reported.user.id, null),
    ]);
    const caseIds = new Set(filed.map((f) => f.caseId));
    expect(caseIds.size).toBe(1);
    expect(filed.filter((f) => !f.joined)).toHaveLength(1);
    const row = await findCase(t.database.db, [...caseIds][0]!);
    expect(row).toMatchObject({ status: 'open', kind: 'report', score: 4, filterHits: 1 });
  });
});
