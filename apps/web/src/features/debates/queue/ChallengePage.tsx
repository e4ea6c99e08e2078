import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { FORMATS, isLimitedToTeams } from '@resolved/shared';
import { ApiError } from '../../../lib/api';
import { PageHeading } from '../../../shell/PageHeading';
import { PageLoading } from '../../../shell/PageLoading';
import { buttonClass } from '../../../ui/button-styles';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { useAuth } from '../../auth/useAuth';
import { TeamOnlyNotice } from '../../teams/TeamOnlyNotice';
import { acceptChallenge, challengeQuery } from '../debates-queries';
import { errorMessage } from '../../../lib/form-errors';
import { ChallengeTeamPicker } from './ChallengeTeamPicker';

/** A private challenge link: accept it to start a debate with the friend who sent it. */
export default function ChallengePage() {
  useDocumentTitle('Debate challenge');
  const { user } = useAuth();
  // An account limited to its teams cannot accept one (the server refuses it); the page says so at once.
  if (user && isLimitedToTeams(user)) {
    return (
      <>
        <PageHeading title="Debate challenge" />
        <TeamOnlyNotice door="challenge" testId="challenge-closed" />
      </>
    );
  }
  return <Challenge />;
}

function Challenge() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const challenge = useQuery(challengeQuery(token));
  const [partnerIds, setPartnerIds] = useState<(string | null)[] | null>(null);
  const accept = useMutation({
    mutationFn: (chosen: string[]) => acceptChallenge(token, chosen),
    onSuccess: ({ debateId }) => void navigate(`/debates/${debateId}`),
  });
  if (challenge.isPending) return <PageLoading label="Loading the challenge…" />;
  if (challenge.error) {
    const isBadLink = challenge.error instanceof ApiError && challenge.error.status < 500;
    return (
      <>
        <PageHeading title="Debate challenge" />
        <p role="alert" className="text-slate-800" data-testid="challenge-error">
          {isBadLink
            ? 'This challenge link does not work: it may be mistyped or cut short. Ask your friend to send it again.'
            : errorMessage(challenge.error)}
        </p>
        <p className="mt-4 flex flex-wrap gap-3">
          <Link to="/debates" className={buttonClass('primary')}>
            Find an opponent
          </Link>
          <Link to="/Dashboard" className={buttonClass('secondary')}>
            Go to your dashboard
          </Link>
        </p>
      </>
    );
  }
  const { formatId, prepMinutes, challenger, debateId, mode, partners } = challenge.data;
  const isTeam = mode === 'team';
  // A team challenge: one partner of the accepter's for each of the challenger's.
  const chosen = partnerIds ?? partners.map(() => null);
  const named = chosen.filter((id): id is string => id !== null);
  const isTeamReady = !isTeam || (named.length === chosen.length && new Set(named).size === named.length);
  const against = isTeam
    ? `${challenger.displayName}’s team challenges your team`
    : `${challenger.displayName} challenges you`;
  return (
    <>
      <PageHeading
        title="Debate challenge"
        lead={`${against} to a ${FORMATS[formatId].name} debate on today’s resolution, with ${prepMinutes} minutes of prep time.`}
      />
      {isTeam && debateId === null ? (
        <ChallengeTeamPicker
          formatId={formatId}
          challengerTeam={[challenger, ...partners]}
          partnerIds={chosen}
          onPartnersChange={setPartnerIds}
        />
      ) : null}
      {debateId !== null ? (
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => void navigate(`/debates/${debateId}`)}
        >
          This challenge was accepted: watch the debate
        </button>
      ) : (
        <button
          type="button"
          className={buttonClass('primary', isTeam ? 'mt-4' : undefined)}
          disabled={accept.isPending || !isTeamReady}
          onClick={() => accept.mutate(named)}
        >
          Accept the challenge
        </button>
      )}
      {accept.error ? (
        <p role="alert" className="mt-3 text-red-800">
          {errorMessage(accept.error)}
        </p>
      ) : null}
    </>
  );
}
