import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { ErrorMessage } from '../ErrorMessage';
import { Modal } from '../Modal';
import { Loading } from '../Spinner';
import { BuyForm } from './BuyForm';
import { playerTarget, teamTarget } from './buyTarget';
import { LOAD_FAILED } from '../../../shared/texts';
import type { InstrumentKind } from '../../../shared/instrument';

/** docs/screens.md §4 Texts */

interface BuyModalProps {
  itemType: InstrumentKind;
  /** The player or team to buy; null when closed. */
  item: { id: number; name: string } | null;
  onClose: () => void;
}

/** The buy modal of the market and teams tables: availability, shares and price, and the fill preview. */
export function BuyModal({ itemType, item, onClose }: BuyModalProps) {
  return (
    <Modal open={item !== null} onClose={onClose} title={item ? `Buy ${item.name}` : 'Buy'} size="md">
      {item ? <BuyModalBody itemType={itemType} id={item.id} onClose={onClose} /> : null}
    </Modal>
  );
}

function BuyModalBody({ itemType, id, onClose }: { itemType: InstrumentKind; id: number; onClose: () => void }) {
  const trpc = useTRPC();
  const player = useQuery(trpc.market.detail.queryOptions(itemType === 'player' ? { playerId: id } : skipToken));
  const team = useQuery(trpc.teams.detail.queryOptions(itemType === 'team' ? { teamId: id } : skipToken));
  const query = itemType === 'team' ? team : player;
  if (query.isPending) return <Loading label="Loading the order book…" />;
  if (query.isError) return <ErrorMessage onRetry={() => void query.refetch()}>{LOAD_FAILED.marketData}</ErrorMessage>;
  const target = itemType === 'team' && team.data ? teamTarget(team.data) : player.data ? playerTarget(player.data) : null;
  if (!target) return null;
  return <BuyForm target={target} autoFocus onDone={onClose} onCancel={onClose} />;
}
