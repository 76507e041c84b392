// The data editor (issue 13): an owner's spreadsheet, one tab per sheet, rows to read and edit.
// `/dashboard/data/{spreadsheetId}?sheet={title}`; a lazy chunk of the owner's screens.
import { useDocumentTitle } from '@mantine/hooks';
import { useParams, useSearchParams } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { Loading } from '../components/Loading';
import { DataEditor } from '../features/data-editor/DataEditor';
import { useSpreadsheet } from '../features/data-editor/use-spreadsheet';

export function DataEditorPage() {
  const { spreadsheetId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const spreadsheet = useSpreadsheet(spreadsheetId);
  useDocumentTitle(spreadsheet.data ? `${spreadsheet.data.title} · Data · Sheetboard` : 'Data · Sheetboard');

  if (spreadsheet.isPending) return <Loading fullScreen />;
  if (spreadsheet.isError) return <ErrorScreen error={spreadsheet.error} />;
  return <DataEditor spreadsheetId={spreadsheetId} spreadsheet={spreadsheet.data} sheetTitle={params.get('sheet')} onSheet={(t) => setParams({ sheet: t }, { replace: true })} />;
}
