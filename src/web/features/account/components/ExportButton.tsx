import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { downloadCsv, exportFileName, portfolioCsv, transactionsCsv } from '../../../lib/exportCsv';
import { useTRPC } from '../../../lib/trpc';

export const EXPORT_FAILED = 'Export failed';

/** "Download CSV": one's transactions or portfolio, fetched fresh from the export call and saved as a file. */
export function ExportButton({ what, userId }: { what: 'transactions' | 'portfolio'; userId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      let csv: string;
      let at: string;
      if (what === 'transactions') {
        const data = await queryClient.fetchQuery({ ...trpc.exports.transactions.queryOptions({ userId }), staleTime: 0 });
        [csv, at] = [transactionsCsv(data), data.exportedAt];
      } else {
        const data = await queryClient.fetchQuery({ ...trpc.exports.portfolio.queryOptions({ userId }), staleTime: 0 });
        [csv, at] = [portfolioCsv(data), data.exportedAt];
      }
      downloadCsv(exportFileName(what, at), csv);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : EXPORT_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="button button-small button-secondary" onClick={() => void onClick()} disabled={busy}>
      {busy ? 'Preparing…' : 'Download CSV'}
    </button>
  );
}
