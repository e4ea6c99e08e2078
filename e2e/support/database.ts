import Database from 'better-sqlite3';
import { testDatabasePath } from './env';

/**
 * Runs `read` against the test server's SQLite database, opened read-only (the server keeps writing to it in WAL
 * mode; a read-only connection sees every committed row).
 */
export function readTestDatabase<T>(read: (db: Database.Database) => T): T {
  const db = new Database(testDatabasePath(), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * Lets the speech now running in `debateId` have run its full scheduled time, as if the debaters had spoken it:
 * moves the stored start of the running speech back by `minutes`. The server reads the clock from the database on
 * every command, so the next "End speech" counts the whole speech toward the round's spoken time (the integrity rules
 * pay points and move ratings only for rounds whose speeches really ran). The browser tests cannot wait out a
 * 32-minute round; the server tests do the same with fake timers.
 */
export function letRunningSpeechRun(debateId: number, minutes: number, databasePath = testDatabasePath()): void {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const moved = db
      .prepare(
        `update debates set clockStartedAt = strftime('%Y-%m-%dT%H:%M:%fZ', clockStartedAt, ?)
         where id = ? and clockPhase = 'speech' and clockStartedAt is not null`,
      )
      .run(`-${minutes * 60} seconds`, debateId);
    if (moved.changes !== 1) throw new Error(`debate ${debateId} has no running speech to let run`);
  } finally {
    db.close();
  }
}

/**
 * Puts the PAUSED speech in `debateId` `seconds` into its time (sets the elapsed time stored with the pause), so a
 * browser test reaches a moment of a speech, such as a Parliamentary POI window, without waiting for it. Clients
 * learn the clock only from the server's clock events: the next Resume sends every room the clock running on from
 * there (the server reads the clock from the database on every command).
 */
export function putPausedSpeechAt(debateId: number, seconds: number, databasePath = testDatabasePath()): void {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const moved = db
      .prepare(
        `update debates set clockElapsedBeforeMs = ?
         where id = ? and clockPhase = 'speech' and clockIsPaused = 1`,
      )
      .run(Math.round(seconds * 1000), debateId);
    if (moved.changes !== 1) throw new Error(`debate ${debateId} has no paused speech to move`);
  } finally {
    db.close();
  }
}

/**
 * Brings the forfeit watch of `userId` in `debateId` due now (the scheduler's `debates.forfeit_watch` job, normally a
 * minute after the match or the debater leaving): the server's scheduler runs it within its poll (a second), and a
 * debater still away forfeits by absence, the real path a left or missed round takes.
 */
export function bringForfeitWatchDue(debateId: number, userId: string): void {
  const db = new Database(testDatabasePath(), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const moved = db
      .prepare(
        `update scheduledJobs set dueAt = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         where name = 'debates.forfeit_watch' and key = ? and doneAt is null`,
      )
      .run(`${debateId}:${userId}`);
    if (moved.changes !== 1) throw new Error(`no forfeit watch pending for ${userId} in debate ${debateId}`);
  } finally {
    db.close();
  }
}

/**
 * Makes the account with `email` one from before ages were asked: its month of birth is unset, so it is
 * asked at its next sign-in. No route unsets a month (only admins change one), hence the direct write.
 */
export function forgetBirthMonth(email: string): void {
  const db = new Database(testDatabasePath(), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('update users set birthMonth = null where email = ?').run(email);
    if (changed.changes !== 1) throw new Error(`no account uses ${email}`);
  } finally {
    db.close();
  }
}

/**
 * Seats a partner beside each debater of a live one-on-one round (`debateId`), making it two teams of two: each side's
 * first seat takes the position `first`, and `partners` sit as `second` of their side, each in the round (one round
 * at a time). The browser tests need a team round before any path of the app makes one (the partners' queue); the
 * server makes such rounds with `openSeatedRound`, which its own tests drive.
 */
export function seatPartners(
  debateId: number,
  partners: { userId: string; side: 'a' | 'b' }[],
  /** The database of a spec's own app server (`startAppServer`'s `dataDir`), when not the shared server's. */
  databasePath = testDatabasePath(),
): void {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.transaction(() => {
      db.prepare(`update debateSeats set position = 'first' where debateId = ? and seat = 1`).run(debateId);
      for (const { userId, side } of partners) {
        db.prepare(
          `insert into debateSeats (debateId, side, seat, position, userId, recordConsent) values (?, ?, 2, 'second', ?, 0)`,
        ).run(debateId, side, userId);
        db.prepare(`insert into activeDebaters (userId, debateId) values (?, ?)`).run(userId, debateId);
      }
    })();
  } finally {
    db.close();
  }
}

/**
 * Brings the released tournament round `debateId` to its ballot, as if its speeches had run: the debate awaits the
 * ballot and its debaters are free again (the end of the speeches does both). A tournament browser test that checks
 * the tab, not the round, does not run a Public Forum round's coin flip and eight speeches for four debaters; the live
 * round has its own browser tests, and the server's tournament tests take the same step.
 */
export function bringRoundToBallot(debateId: number): void {
  const db = new Database(testDatabasePath(), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.transaction(() => {
      const moved = db
        .prepare(`update debates set status = 'awaiting_ballot' where id = ? and status = 'live'`)
        .run(debateId);
      if (moved.changes !== 1) throw new Error(`debate ${debateId} is not a round waiting to be played`);
      db.prepare('delete from activeDebaters where debateId = ?').run(debateId);
    })();
  } finally {
    db.close();
  }
}

/** The seats of `debateId` in speaking order per side: who debates on which side. */
export function seatsOfRound(debateId: number): { userId: string; side: 'a' | 'b'; seat: number }[] {
  return readTestDatabase(
    (db) =>
      db.prepare('select userId, side, seat from debateSeats where debateId = ? order by side, seat').all(debateId) as {
        userId: string;
        side: 'a' | 'b';
        seat: number;
      }[],
  );
}

/**
 * Sets (an ISO time) or lifts (null) the suspension on `userId`'s account, as a moderator's action leaves it on the
 * row: a tournament's walkover is given to the opponent of an entrant the seat rule refuses at a release.
 */
export function setSuspendedUntil(userId: string, until: string | null): void {
  const db = new Database(testDatabasePath(), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('update users set suspendedUntil = ? where id = ?').run(until, userId);
    if (changed.changes !== 1) throw new Error(`no account has the id ${userId}`);
  } finally {
    db.close();
  }
}
