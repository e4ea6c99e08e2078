import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { FORMATS, isLimitedToTeams } from '@resolved/shared';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/form-errors';
import { PageHeading } from '../../../shell/PageHeading';
import { PageLoading } from '../../../shell/PageLoading';
import { buttonClass } from '../../../ui/button-styles';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { useAuth } from '../../auth/useAuth';
import { TeamOnlyNotice } from '../../teams/TeamOnlyNotice';
import { queueKey } from '../debates-queries';
import { acceptPartnerLink, joinQueueAs, partnerLinkQuery, partnersKey } from './partner-queries';

const TITLE = 'Partner invitation';

/**
 * A partner link: accept it to be the maker's partner in its format (for 24 hours), then join the queue together —
 * the maker joins choosing you too, and your team waits for opponents once you both have.
 */
export default function PartnerLinkPage() {
  useDocumentTitle(TITLE);
  const { user } = useAuth();
  if (user && isLimitedToTeams(user)) {
    return (
      <>
        <PageHeading title={TITLE} />
        <TeamOnlyNotice door="queue" testId="partner-link-closed" />
      </>
    );
  }
  return <PartnerLink />;
}

function PartnerLink() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const link = useQuery(partnerLinkQuery(token));
  const accept = useMutation({
    mutationFn: () => acceptPartnerLink(token),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: partnersKey });
      void link.refetch();
    },
  });
  const join = useMutation({
    mutationFn: () =>
      joinQueueAs({ formatId: link.data!.formatId, mode: 'team', partnerIds: [link.data!.creator.userId] }),
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: queueKey });
      void navigate(result.status === 'matched' ? `/debates/${result.debateId}` : '/debates');
    },
  });
  if (link.isPending) return <PageLoading label="Loading the partner invitation…" />;
  if (link.error) {
    const isBadLink = link.error instanceof ApiError && link.error.status < 500;
    return (
      <>
        <PageHeading title={TITLE} />
        <p role="alert" className="text-slate-800" data-testid="partner-link-error">
          {isBadLink
            ? 'This partner link does not work: it may be mistyped or cut short. Ask your partner to send it again.'
            : errorMessage(link.error)}
        </p>
        <p className="mt-4">
          <Link to="/debates" className={buttonClass('primary')}>
            Find an opponent
          </Link>
        </p>
      </>
    );
  }
  const { formatId, creator, status } = link.data;
  const format = FORMATS[formatId].name;
  const isMine = accept.isSuccess;
  return (
    <>
      <PageHeading title={TITLE} lead={`${creator.displayName} invites you to debate ${format} as partners.`} />
      <div data-testid="partner-link">
        {isMine ? (
          <>
            <p className="text-slate-800" role="status">
              You and {creator.displayName} are partners in {format} for the next 24 hours. Join the queue together:{' '}
              {creator.displayName} joins choosing you too.
            </p>
            <button
              type="button"
              className={buttonClass('primary', 'mt-3')}
              disabled={join.isPending}
              onClick={() => join.mutate()}
            >
              Join the queue with {creator.displayName}
            </button>
          </>
        ) : status === 'open' ? (
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={accept.isPending}
            onClick={() => accept.mutate()}
          >
            Accept and be partners
          </button>
        ) : (
          <p className="text-slate-800" data-testid="partner-link-used">
            {status === 'accepted'
              ? 'This partner link has already been used.'
              : 'This partner link has expired: ask your partner for a new one.'}
          </p>
        )}
        {accept.error || join.error ? (
          <p role="alert" className="mt-3 text-red-800">
            {errorMessage(accept.error ?? join.error)}
          </p>
        ) : null}
      </div>
    </>
  );
}
