// The CSV and PDF downloads of the table and list: every row matching the search and sort (not
// only the page on screen) in the block's columns, the file named after the block's title. The
// button spins while its file is made; a failure is a notification. The chart's PDF button is
// DownloadButton too.
import { ActionIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { toCsv } from './cells/csv';
import { downloadName, saveFile } from './files';
import { Tooltip } from './LazyTooltip';

type Row = Record<string, unknown>;
export type DownloadKind = 'csv' | 'pdf';

const BUTTONS = {
  csv: { label: 'Download CSV', Icon: IconFileTypeCsv },
  pdf: { label: 'Download PDF', Icon: IconFileTypePdf },
} as const;

/** A toolbar button that downloads the block's rows (or chart) as a file of `kind`. */
export function DownloadButton({ kind, color, onClick, loading, disabled }: { kind: DownloadKind; color: string; onClick: () => void; loading: boolean; disabled?: boolean }) {
  const { label, Icon } = BUTTONS[kind];
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick} loading={loading} disabled={disabled}>
        <Icon size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The toolbar's CSV and PDF buttons of a block of rows (table, list), each when its setting asks for it. */
export function RowDownloadButtons({ csv, pdf, color, downloads, disabled }: { csv: boolean; pdf: boolean; color: string; downloads: RowDownloads; disabled: boolean }) {
  const { busy, download } = downloads;
  return (
    <>
      {csv && <DownloadButton kind="csv" color={color} onClick={() => void download('csv')} loading={busy === 'csv'} disabled={disabled} />}
      {pdf && <DownloadButton kind="pdf" color={color} onClick={() => void download('pdf')} loading={busy === 'pdf'} disabled={disabled} />}
    </>
  );
}

export interface RowDownloads {
  /** The kind of file being made, if any. */
  busy: DownloadKind | null;
  download: (kind: DownloadKind) => Promise<void>;
}

/**
 * `download(kind)` writes the rows `allRows` answers, in `columns`, to a file named after `title`
 * (else `noun`); `busy` is the kind being made.
 */
export function useRowDownloads({ title, noun, columns, allRows }: { title: string; noun: string; columns: string[]; allRows: () => Promise<Row[]> }): RowDownloads {
  const [busy, setBusy] = useState<DownloadKind | null>(null);
  const download = async (kind: DownloadKind) => {
    setBusy(kind);
    try {
      const rows = await allRows();
      if (kind === 'csv') saveFile(new Blob([toCsv(rows, columns)], { type: 'text/csv;charset=utf-8' }), downloadName(title, noun, 'csv'));
      else {
        const { downloadTablePdf } = await import('./pdf');
        await downloadTablePdf(columns, rows, title, downloadName(title, noun, 'pdf'));
      }
    } catch (e) {
      notifications.show({ color: 'red', title: 'Download failed', message: e instanceof Error ? e.message : 'Data Error' });
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}
