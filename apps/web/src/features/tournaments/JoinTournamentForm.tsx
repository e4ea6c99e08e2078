import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FORMATS, type TPartnersWanted } from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { FormAlert } from '../../ui/FormAlert';
import { JoinCodeForm } from '../../ui/JoinCodeForm';
import { partnersWantedOf } from './team-view';
import { joinByCode, tournamentKeys } from './tournaments-queries';
import { PartnerFields } from './TournamentTeams';

/**
 * "Join with a code": the tournament code the host shared. It enters at once and opens the tournament. A tournament
 * of teams refuses an entry that names no partner, saying its format and how many (`TPartnersWanted`): the form then
 * asks for them, from the debater's teammates and partners by link, and enters with them.
 */
export function JoinTournamentForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState<TPartnersWanted | null>(null);
  const [partnerIds, setPartnerIds] = useState<(string | null)[]>([]);
  const [partnerError, setPartnerError] = useState<string>();
  return (
    <JoinCodeForm
      label="Tournament code"
      name="tournament-code"
      hint="The code the host shared, like ABCDE-FGHJK."
      submitLabel={wanted ? 'Enter with my team' : 'Enter tournament'}
      join={(code) =>
        joinByCode(code, wanted ? { partnerIds: partnerIds.filter((id): id is string => id !== null) } : {})
      }
      onRefused={(error) => {
        const asked = partnersWantedOf(error);
        setPartnerError(undefined);
        if (!asked) return false;
        // The code was right: the partner fields say what is missing (the first time, by asking for them).
        if (wanted?.formatId === asked.formatId && wanted.partnersWanted === asked.partnersWanted) {
          setPartnerError(errorMessage(error));
        } else {
          setWanted(asked);
          setPartnerIds(Array.from({ length: asked.partnersWanted }, () => null));
        }
        return true;
      }}
      onJoined={({ tournament }) => {
        void queryClient.invalidateQueries({ queryKey: tournamentKeys.all });
        toast.success(
          wanted
            ? `You entered ${tournament.name}: your team waits for your partners.`
            : `You entered ${tournament.name}.`,
        );
        void navigate(`/tournaments/${tournament.id}`);
      }}
    >
      {wanted ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">
            This {FORMATS[wanted.formatId].name} tournament is entered by teams of {wanted.partnersWanted + 1}: name{' '}
            {wanted.partnersWanted === 1 ? 'your partner' : 'your partners'}.
          </p>
          <PartnerFields
            formatId={wanted.formatId}
            partnerIds={partnerIds}
            onChange={(ids) => {
              setPartnerIds(ids);
              setPartnerError(undefined);
            }}
          />
          {partnerError ? <FormAlert>{partnerError}</FormAlert> : null}
        </div>
      ) : null}
    </JoinCodeForm>
  );
}
