import { useCallback, useState } from 'react';
import { ApiError } from '../../../replication/http';
import { exportAuditEvents } from '../../../replication/audit';
import { saveFile } from './saveFile';

export type ExportFormat = 'csv' | 'jsonl';

export interface ExportRequest {
  from: string;
  to: string;
  locationId: number | null;
  format: ExportFormat;
}

export type ExportState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; fileName: string; bytes: number }
  | { status: 'failed'; message: string };

/** A body that broke off after the server had accepted: the headers were fine, the stream was not. */
const INTERRUPTED = 'The export was interrupted before the whole file arrived. Try again; a shorter range makes a smaller file.';

/** Fetches the export and saves it as a file; the server's refusal (a bad range, an unknown location) as it came. */
export function useAuditExport(): { state: ExportState; run(request: ExportRequest): void } {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const run = useCallback(({ from, to, locationId, format }: ExportRequest) => {
    setState({ status: 'running' });
    exportAuditEvents({ from, to, format, locationId: locationId ?? undefined }).then(
      ({ blob, fileName }) => {
        saveFile(blob, fileName);
        setState({ status: 'done', fileName, bytes: blob.size });
      },
      (error: unknown) => setState({ status: 'failed', message: error instanceof ApiError ? error.message : INTERRUPTED }),
    );
  }, []);
  return { state, run };
}
