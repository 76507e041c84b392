// /admin_old's table: every decision a reviewer took, as the server orders it (newest first).
import { Badge } from '@mantine/core';
import { RecordTable, NOWRAP, WRAP, type RecordColumn } from '../../components/RecordTable';
import type { DecisionItem } from './admin-api';
import { DECISION_LABELS, formatInstant } from './format';

const COLUMNS: RecordColumn<DecisionItem>[] = [
  { header: 'When', cell: (d) => formatInstant(d.decided_at), style: NOWRAP },
  { header: 'Template', cell: (d) => d.title, style: { ...WRAP, minWidth: 200 } },
  { header: 'App', cell: (d) => d.app_name, style: { ...WRAP, minWidth: 120 } },
  { header: 'Version', cell: (d) => d.version },
  {
    header: 'Decision',
    cell: (d) => (
      <Badge variant="light" color={d.decision === 'approved' ? 'teal' : 'red'}>
        {DECISION_LABELS[d.decision]}
      </Badge>
    ),
  },
  { header: 'Reviewer', cell: (d) => d.reviewer_name, style: WRAP },
  { header: 'Reason', cell: (d) => d.reason ?? '', style: { whiteSpace: 'pre-wrap', ...WRAP, minWidth: 240, maxWidth: 360 } },
];

export function DecisionsTable({ decisions, labelledBy }: { decisions: readonly DecisionItem[]; labelledBy: string }) {
  return <RecordTable rows={decisions} columns={COLUMNS} minWidth={1000} labelledBy={labelledBy} rowTestId="decision-row" />;
}
