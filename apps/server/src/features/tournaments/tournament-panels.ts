/**
 * How many judges sit in a tournament's rooms: 1 or a panel of 3, set separately for preliminary rounds and for
 * elimination rounds (those numbered after the preliminaries). A panel's judges each submit their own ballot and the
 * majority decides (`debate/panel.ts`).
 */
import type { TJudgesPerRoom } from '@resolved/shared';
import type { TTournamentRow } from './tournaments.tables';

const perRoom = (value: number | string): TJudgesPerRoom => (Number(value) === 3 ? 3 : 1);

/** The tournament's judges per room as the API shows them. */
export function judgesPerRoomOf(row: Pick<TTournamentRow, 'prelimJudgesPerRoom' | 'elimJudgesPerRoom'>) {
  return { prelims: perRoom(row.prelimJudgesPerRoom), elims: perRoom(row.elimJudgesPerRoom) };
}

/** Judges per room of round `number`: an elimination round's setting once past the preliminaries. */
export function panelSizeOf(
  row: Pick<TTournamentRow, 'prelimRounds' | 'prelimJudgesPerRoom' | 'elimJudgesPerRoom'>,
  number: number,
): TJudgesPerRoom {
  const judges = judgesPerRoomOf(row);
  return number > row.prelimRounds ? judges.elims : judges.prelims;
}
