import { sql, type Kysely } from 'kysely';
import type { TMigrationContext } from './index';

/**
 * Ratings move from Glicko-2 to openskill (docs/decisions.md, "Ratings move to openskill"): `debateRatings` loses
 * `rating`, `deviation` and `volatility` and gains openskill's `mu` and `sigma`; `games` and `ratingHistory` (the
 * displayed rating after each round) stay. Each stored Glicko rating is converted by `convertGlickoRating`, so that
 * nobody's displayed rating or provisional mark changes at the migration. The leaderboard's index orders by `mu`.
 *
 * The constants are this migration's own, written out, so that a later change of the live ones cannot change what it
 * did.
 */
const OPENSKILL = { mu: 25, sigma: 25 / 3 } as const;
/** Rating points per unit of `mu` (RATING_POINTS_PER_MU at the time): 400 / ln 10 over √2 · 25/6. */
const POINTS_PER_MU = 400 / Math.LN10 / (Math.SQRT2 * (25 / 6));
/** The starting rating both systems read as. */
const BASE = 1500;
/** Glicko's provisional threshold (a deviation of 110) becomes openskill's (150 on the displayed scale). */
const DEVIATION_FACTOR = 150 / 110;
const GLICKO_VOLATILITY = 0.06;
/**
 * A constant written into the statement as a decimal literal with every digit JavaScript needs to read it back (so the
 * engines compute with the same doubles as `convertGlickoRating`), never as an integer.
 */
const lit = (value: number) => sql.raw(Number.isInteger(value) ? value.toFixed(1) : String(value));

/**
 * One stored Glicko rating as openskill's: `mu` reads as the same rating (1500 + POINTS_PER_MU × (mu − 25)), and
 * `sigma` is the Glicko deviation scaled so that Glicko's provisional threshold lands on openskill's (110 → 150), at
 * most openskill's starting uncertainty (25/3: a new Glicko rating's 350 is a new openskill rating).
 */
export function convertGlickoRating(glicko: { rating: number; deviation: number }): { mu: number; sigma: number } {
  return {
    mu: OPENSKILL.mu + (glicko.rating - BASE) / POINTS_PER_MU,
    sigma: Math.min(OPENSKILL.sigma, (glicko.deviation * DEVIATION_FACTOR) / POINTS_PER_MU),
  };
}

export function openskillRatings(context: TMigrationContext) {
  const float = context.engine === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('debateRatings')
        .addColumn('mu', float, (c) => c.notNull().defaultTo(OPENSKILL.mu))
        .execute();
      await db.schema
        .alterTable('debateRatings')
        .addColumn('sigma', float, (c) => c.notNull().defaultTo(OPENSKILL.sigma))
        .execute();
      // `convertGlickoRating` in one statement (no row is read into memory): its `min` as a CASE, which both engines
      // read alike.
      const scaled = sql`"deviation" * ${lit(DEVIATION_FACTOR)} / ${lit(POINTS_PER_MU)}`;
      await sql`
        UPDATE "debateRatings" SET
          "mu" = ${lit(OPENSKILL.mu)} + ("rating" - ${lit(BASE)}) / ${lit(POINTS_PER_MU)},
          "sigma" = CASE WHEN ${scaled} < ${lit(OPENSKILL.sigma)} THEN ${scaled} ELSE ${lit(OPENSKILL.sigma)} END
      `.execute(db);
      await db.schema.dropIndex('debate_ratings_format').execute();
      for (const column of ['rating', 'deviation', 'volatility']) {
        await db.schema.alterTable('debateRatings').dropColumn(column).execute();
      }
      await db.schema.createIndex('debate_ratings_format').on('debateRatings').columns(['formatId', 'mu']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('debate_ratings_format').execute();
      await db.schema
        .alterTable('debateRatings')
        .addColumn('rating', float, (c) => c.notNull().defaultTo(BASE))
        .execute();
      await db.schema
        .alterTable('debateRatings')
        .addColumn('deviation', float, (c) => c.notNull().defaultTo(350))
        .execute();
      await db.schema
        .alterTable('debateRatings')
        .addColumn('volatility', float, (c) => c.notNull().defaultTo(GLICKO_VOLATILITY))
        .execute();
      await sql`
        UPDATE "debateRatings" SET
          "rating" = ${lit(BASE)} + ("mu" - ${lit(OPENSKILL.mu)}) * ${lit(POINTS_PER_MU)},
          "deviation" = "sigma" * ${lit(POINTS_PER_MU)} / ${lit(DEVIATION_FACTOR)}
      `.execute(db);
      for (const column of ['sigma', 'mu']) await db.schema.alterTable('debateRatings').dropColumn(column).execute();
      await db.schema
        .createIndex('debate_ratings_format')
        .on('debateRatings')
        .columns(['formatId', 'rating'])
        .execute();
    },
  };
}
