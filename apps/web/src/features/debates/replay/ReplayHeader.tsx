import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FORMATS, newerDebate, type TDebate, type TReplay } from '@resolved/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { ReportButton } from '../../moderation/ReportButton';
import { BlockRoundPeople } from '../../blocks/BlockRoundPeople';
import { ProfileLink } from '../../users/ProfileLink';
import { replayKey, setReplayPrivacy } from '../debates-queries';
import { judgesOfRound, peopleOfRound } from '../room/round-people';

/** Who debated and judged the round (every judge of a panel), with a link to its page and, for its people, blocking and reporting. */
export function ReplayPeople({ debate, viewerId }: { debate: TDebate; viewerId: string | undefined }) {
  const format = FORMATS[debate.formatId];
  const judges = judgesOfRound(debate);
  const people = peopleOfRound(debate);
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">
        <ProfileLink userId={debate.debaters.a.userId}>{debate.debaters.a.displayName}</ProfileLink> ({format.sides.a})
        vs <ProfileLink userId={debate.debaters.b.userId}>{debate.debaters.b.displayName}</ProfileLink> (
        {format.sides.b})
        {judges.length > 0 ? (
          <>
            {' '}
            · judged by{' '}
            {judges.map((judge, index) => (
              <span key={judge.userId}>
                {index > 0 ? ', ' : ''}
                <ProfileLink userId={judge.userId}>{judge.displayName}</ProfileLink>
              </span>
            ))}
          </>
        ) : null}{' '}
        ·{' '}
        <Link to={`/debates/${debate.id}`} className="text-brand-700 underline">
          The round’s page
        </Link>
      </p>
      <div className="-mt-2 mb-4 flex flex-wrap items-center gap-2">
        <BlockRoundPeople people={people} viewerId={viewerId} />
        {/* The round's people (debaters and judges) may report the others in it from here. */}
        {people
          .filter((p) => viewerId && p.userId !== viewerId)
          .map((p) => (
            <ReportButton
              key={p.userId}
              target="round"
              targetId={debate.id}
              userId={p.userId}
              displayName={p.displayName}
              isCompact
            />
          ))}
      </div>
    </>
  );
}

/** A seated person keeps the replay to the round's people (and its team), or makes it public again. */
export function ReplayPrivacy({ debate }: { debate: TDebate }) {
  const queryClient = useQueryClient();
  // The box shows the person's choice from the click on (set in the click's own render, so the controlled input never
  // flips back while the mutation's pending state is still on its way), until the server has answered.
  const [privacyAsked, setPrivacyAsked] = useState<boolean | null>(null);
  const privacy = useMutation({
    mutationFn: (isPrivate: boolean) => setReplayPrivacy(debate.id, isPrivate),
    onSettled: () => setPrivacyAsked(null),
    onSuccess: ({ debate: next }) => {
      queryClient.setQueryData<TReplay>(replayKey(debate.id), (old) =>
        old ? { ...old, debate: newerDebate(old.debate, next) } : old,
      );
      toast.success(
        next.isReplayPrivate ? 'Only this round’s people see its replay now.' : 'The replay is public again.',
      );
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <label className="mb-4 flex items-start gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        className="mt-0.5 h-4 w-4"
        checked={privacyAsked ?? debate.isReplayPrivate}
        disabled={privacyAsked !== null}
        onChange={(event) => {
          setPrivacyAsked(event.target.checked);
          privacy.mutate(event.target.checked);
        }}
      />
      <span>
        Keep this replay private: only the debaters and the judge
        {debate.team ? ', and the team,' : ''} see it.
      </span>
    </label>
  );
}
