// Since issue 5 a guest reads only the columns an app's blocks use. The benchmarks query as
// guests of a board, so their board gets a table that names no column: it shows, and so lets a
// guest read, search, sort and chart, the whole sheet.
import type { TestApp } from '../src/server/testing/app';

export async function addWholeSheetTable(t: TestApp, cookie: string, appId: string, sheetTitle: string): Promise<string> {
  const pages = await t.app.inject({ method: 'GET', url: `/api/pages/${appId}`, headers: { cookie } });
  const pageId = pages.json().pages[0].page_id as string;
  const block = await t.app.inject({ method: 'POST', url: '/api/blocks', headers: { cookie }, payload: { pageId, type: 'table', sheet_title: sheetTitle } });
  if (block.statusCode !== 201) throw new Error(`adding the table failed: ${block.statusCode} ${block.body}`);
  return pageId;
}
