import { ADMIN_TEXT } from '../../../../shared/texts';
import type { Player } from '../../../lib/apiTypes';
import { retirementLines } from '../../../lib/contractPreview';
import { formatDollars } from '../../../lib/format';
import { useTRPC } from '../../../lib/trpc';
import { useCommand } from '../../../lib/useCommand';
import { closeWhenAnswered, useAdminFeedback } from '../api/useAdminFeedback';
import { ContractDialog, PreviewLines } from './ContractDialog';

export function RetireDialog({ player, onClose }: { player: Player; onClose: () => void }) {
  const trpc = useTRPC();
  const feedback = useAdminFeedback();
  const retire = useCommand('admin.retirePlayer', trpc.admin.retirePlayer.mutationOptions(feedback(ADMIN_TEXT.playerRetired, ADMIN_TEXT.retireFailed)));
  return (
    <ContractDialog
      title={`Retire ${player.name}?`}
      confirmLabel={`Retire ${player.name}`}
      danger
      pending={retire.pending}
      onClose={onClose}
      onConfirm={() => retire.submit({ playerId: player.id }, closeWhenAnswered(onClose))}
    >
      <p>Open orders on him are cancelled and every holder is paid {formatDollars(1)} a share, in every league. This cannot be undone.</p>
      <PreviewLines playerId={player.id} lines={retirementLines} />
    </ContractDialog>
  );
}
