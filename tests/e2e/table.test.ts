// Table block, end to end: configured through the settings panel (an editable column, Add Row for
// everyone, a Delete row and an API call action), then used by guests: edit a cell (a reload
// shows it), add a row, delete a row, call the API, and a second guest editing the same row gets
// the server's 409 message and can reload the row.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlock, choose, guestPage, ownerWithBoard, saveBlock, shotOf, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let hook: Server;
const hookCalls: string[] = [];
let owner: OwnerBoard;

beforeAll(async () => {
  // The API call action's target: a local server (allowed by ALLOW_PRIVATE_ACTION_TARGETS).
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hookCalls.push(`${req.method} ${body}`);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  server = await startServer({ ALLOW_PRIVATE_ACTION_TARGETS: 'true' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => hook?.close(resolve));
});

const setting = (panel: Locator, path: string) => panel.locator(`[data-setting="${path}"]`);
const rowOf = (block: Locator, text: string) => block.getByRole('row').filter({ hasText: text });

async function openEditor(page: Page, block: Locator, rowText: string, column: string): Promise<Locator> {
  await rowOf(block, rowText).getByRole('button', { name: `Edit ${column}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${column}` });
  await dialog.waitFor();
  return dialog;
}

describe('table block', () => {
  it('is configured through the settings panel', async () => {
    owner = await ownerWithBoard(browser, server, {
      board: 'Team tasks',
      sheets: [
        {
          title: 'Tasks',
          columns: ['Task', 'Status', 'Due'],
          rows: [
            { Task: 'Write docs', Status: 'Open', Due: '2024-03-05' },
            { Task: 'Ship it', Status: 'Open', Due: '2024-04-01' },
            { Task: 'Plan party', Status: 'Done', Due: '2024-02-10' },
          ],
        },
      ],
    });
    const { page } = owner;
    const panel = await addBlock(page, 'table');
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Title', { exact: true }).fill('Tasks');
    await choose(page, panel, 'Add new row', 'Everyone');
    await panel.getByLabel('Full width').check();

    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(page, panel, 'Sheet', 'Tasks');
    await panel.getByRole('button', { name: 'Add column' }).click();
    await choose(page, setting(panel, 'axis.0.column'), 'Column', 'Task');
    await choose(page, setting(panel, 'axis.0.editable'), 'Editable by', 'Everyone');
    await panel.getByRole('button', { name: 'Add column' }).click();
    await choose(page, setting(panel, 'axis.1.column'), 'Column', 'Status');
    await choose(page, setting(panel, 'axis.1.type'), 'Type', 'Choice');
    await setting(panel, 'axis.1.options').getByRole('textbox').fill('Open, Done');
    await choose(page, setting(panel, 'axis.1.editable'), 'Editable by', 'Everyone');
    await panel.getByRole('button', { name: 'Add column' }).click();
    await choose(page, setting(panel, 'axis.2.column'), 'Column', 'Due');
    await choose(page, setting(panel, 'axis.2.type'), 'Type', 'Date');

    await panel.getByRole('tab', { name: 'Actions' }).click();
    await panel.getByRole('button', { name: 'Add action' }).click();
    await setting(panel, 'actions.0.title').getByRole('textbox').fill('Remove');
    await choose(page, setting(panel, 'actions.0.type'), 'Type', 'Delete row');
    await panel.getByRole('button', { name: 'Add action' }).click();
    await setting(panel, 'actions.1.title').getByRole('textbox').fill('Notify');
    await choose(page, setting(panel, 'actions.1.type'), 'Type', 'API call');
    await setting(panel, 'actions.1.api_endpoint').getByRole('textbox').fill(`http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`);
    await setting(panel, 'actions.1.success_message').getByRole('textbox').fill('Hook called');
    await saveBlock(page);

    const block = page.getByTestId('block-table');
    await block.getByRole('cell', { name: 'Write docs' }).waitFor();
    await block.getByRole('button', { name: 'Add Row' }).waitFor();
  });

  it('a guest edits a cell and a reload shows it', async () => {
    const guest = await guestPage(browser, owner.guestUrl);
    const block = guest.getByTestId('block-table');
    await block.getByRole('cell', { name: 'Write docs' }).waitFor();
    // Due is not editable; Task and Status are.
    expect(await rowOf(block, 'Write docs').getByRole('button', { name: 'Edit Due' }).count()).toBe(0);

    const dialog = await openEditor(guest, block, 'Write docs', 'Status');
    await shotOf(dialog, 'blocks/table-edit');
    await choose(guest, dialog, 'Status', 'Done');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await rowOf(block, 'Write docs').getByRole('cell', { name: 'Done' }).waitFor();

    await guest.reload();
    await rowOf(guest.getByTestId('block-table'), 'Write docs').getByRole('cell', { name: 'Done' }).waitFor();
    await guest.context().close();
  });

  it('a guest adds a row', async () => {
    const guest = await guestPage(browser, owner.guestUrl);
    const block = guest.getByTestId('block-table');
    await block.getByRole('button', { name: 'Add Row' }).click();
    const dialog = guest.getByRole('dialog', { name: 'Add Row' });
    await dialog.getByLabel('Task').fill('Order cake');
    await choose(guest, dialog, 'Status', 'Open');
    await dialog.getByLabel('Due').fill('2024-05-20');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await block.getByRole('cell', { name: 'Order cake' }).waitFor();
    await block.getByText('4 rows').waitFor();
    await rowOf(block, 'Order cake').getByRole('cell', { name: 'May 20, 2024' }).waitFor();
    await guest.context().close();
  });

  it('a guest deletes a row after confirming, and calls the API', async () => {
    const guest = await guestPage(browser, owner.guestUrl);
    const block = guest.getByTestId('block-table');
    await rowOf(block, 'Ship it').getByRole('button', { name: 'Remove' }).click();
    const confirm = guest.getByRole('dialog', { name: 'Delete row' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await block.getByText('3 rows').waitFor();
    expect(await block.getByRole('cell', { name: 'Ship it' }).count()).toBe(0);

    await rowOf(block, 'Plan party').getByRole('button', { name: 'Notify' }).click();
    await guest.getByText('Hook called').waitFor();
    expect(hookCalls.length).toBe(1);
    expect(hookCalls[0]).toMatch(/^POST /);
    await shotOf(block, 'blocks/table');
    await guest.context().close();
  });

  it('a second guest editing the same row gets the 409 message and can reload', async () => {
    const first = await guestPage(browser, owner.guestUrl);
    const second = await guestPage(browser, owner.guestUrl);
    const a = await openEditor(first, first.getByTestId('block-table'), 'Plan party', 'Task');
    const b = await openEditor(second, second.getByTestId('block-table'), 'Plan party', 'Task');

    await a.getByLabel('Task').fill('Plan the party');
    await a.getByRole('button', { name: 'Save' }).click();
    await a.waitFor({ state: 'detached' });

    await b.getByLabel('Task').fill('Cancel party');
    await b.getByRole('button', { name: 'Save' }).click();
    await b.getByRole('alert').getByText(/changed by someone else/).waitFor();
    // Nothing was overwritten.
    await first.reload();
    await first.getByTestId('block-table').getByRole('cell', { name: 'Plan the party' }).waitFor();

    await b.getByRole('button', { name: 'Reload row' }).click();
    await expect.poll(() => b.getByLabel('Task').inputValue()).toBe('Plan the party');
    await first.context().close();
    await second.context().close();
  });
});
