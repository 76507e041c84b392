// List block, end to end: configured through the settings panel (image and text lines, Add Row
// for everyone, Edit row and Delete row actions), then used by guests: edit a line (editable by
// everyone by default; a reload shows it), add an item, delete one, and a second guest editing the
// same item gets the server's 409 message.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlock, choose, guestPage, ownerWithBoard, saveBlock, shotOf, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let owner: OwnerBoard;

// A tiny inline PNG so the picture needs no network.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
});

const setting = (panel: Locator, path: string) => panel.locator(`[data-setting="${path}"]`);
const itemOf = (block: Locator, text: string) => block.getByRole('listitem').filter({ hasText: text });

async function editLine(page: Page, block: Locator, itemText: string, column: string): Promise<Locator> {
  await itemOf(block, itemText).getByRole('button', { name: `Edit ${column}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${column}` });
  await dialog.waitFor();
  return dialog;
}

describe('list block', () => {
  it('is configured through the settings panel', async () => {
    owner = await ownerWithBoard(browser, server, {
      board: 'Reading list',
      sheets: [
        {
          title: 'Books',
          columns: ['Cover', 'Title', 'Author'],
          rows: [
            { Cover: PNG, Title: 'Dune', Author: 'Frank Herbert' },
            { Cover: PNG, Title: 'Emma', Author: 'Jane Austen' },
            { Cover: PNG, Title: 'Ulysses', Author: 'James Joyce' },
          ],
        },
      ],
    });
    const { page } = owner;
    const panel = await addBlock(page, 'list');
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Title', { exact: true }).fill('Books');
    await choose(page, panel, 'Add new row', 'Everyone');
    await panel.getByLabel('Add row button title').fill('Add book');

    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(page, panel, 'Sheet', 'Books');
    await panel.getByRole('button', { name: 'Add line' }).click();
    await choose(page, setting(panel, 'axis.0.column'), 'Column', 'Cover');
    await choose(page, setting(panel, 'axis.0.type'), 'Type', 'image');
    await choose(page, setting(panel, 'axis.0.editable'), 'Editable by', 'None');
    await panel.getByRole('button', { name: 'Add line' }).click();
    await choose(page, setting(panel, 'axis.1.column'), 'Column', 'Title');
    await choose(page, setting(panel, 'axis.1.font_style'), 'Font style', 'bold');
    await panel.getByRole('button', { name: 'Add line' }).click();
    await choose(page, setting(panel, 'axis.2.column'), 'Column', 'Author');
    await choose(page, setting(panel, 'axis.2.font_style'), 'Font style', 'italic');

    await panel.getByRole('tab', { name: 'Actions' }).click();
    await panel.getByRole('button', { name: 'Add action' }).click();
    await setting(panel, 'actions.0.title').getByRole('textbox').fill('Edit');
    await choose(page, setting(panel, 'actions.0.type'), 'Type', 'Edit row');
    await panel.getByRole('button', { name: 'Add action' }).click();
    await setting(panel, 'actions.1.title').getByRole('textbox').fill('Remove');
    await choose(page, setting(panel, 'actions.1.type'), 'Type', 'Delete row');
    // Lists offer only the two row actions.
    await setting(panel, 'actions.1.type').getByRole('textbox').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Select Type', 'Edit row', 'Delete row']);
    await page.keyboard.press('Escape');
    await saveBlock(page);

    const block = page.getByTestId('block-list');
    await itemOf(block, 'Dune').waitFor();
    await block.getByRole('button', { name: 'Add book' }).waitFor();
  });

  it('a guest edits a line and a reload shows it', async () => {
    const guest = await guestPage(browser, owner.guestUrl);
    const block = guest.getByTestId('block-list');
    await itemOf(block, 'Dune').waitFor();
    expect(await itemOf(block, 'Dune').getByRole('button', { name: 'Edit Cover' }).count()).toBe(0);
    const dialog = await editLine(guest, block, 'Dune', 'Author');
    await dialog.getByLabel('Author').fill('F. Herbert');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await itemOf(block, 'Dune').getByText('F. Herbert').waitFor();
    await guest.reload();
    await itemOf(guest.getByTestId('block-list'), 'Dune').getByText('F. Herbert').waitFor();
    await guest.context().close();
  });

  it('a guest adds an item, edits a whole row and deletes one', async () => {
    const guest = await guestPage(browser, owner.guestUrl);
    const block = guest.getByTestId('block-list');
    await block.getByRole('button', { name: 'Add book' }).click();
    const add = guest.getByRole('dialog', { name: 'Add book' });
    await add.getByLabel('Cover').fill('https://covers.example/middlemarch.png');
    await add.getByLabel('Title').fill('Middlemarch');
    await add.getByLabel('Author').fill('George Eliot');
    await add.getByRole('button', { name: 'Submit' }).click();
    await add.waitFor({ state: 'detached' });
    await itemOf(block, 'Middlemarch').waitFor();
    await block.getByText('4 rows').waitFor();

    await itemOf(block, 'Emma').getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = guest.getByRole('dialog', { name: 'Edit' });
    await edit.getByLabel('Title').fill('Emma (1815)');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await itemOf(block, 'Emma (1815)').waitFor();

    await itemOf(block, 'Ulysses').getByRole('button', { name: 'Remove' }).click();
    const confirm = guest.getByRole('dialog', { name: 'Delete row' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await block.getByText('3 rows').waitFor();
    expect(await itemOf(block, 'Ulysses').count()).toBe(0);
    await shotOf(block, 'blocks/list');
    await guest.context().close();
  });

  it('a second guest editing the same item gets the 409 message', async () => {
    const first = await guestPage(browser, owner.guestUrl);
    const second = await guestPage(browser, owner.guestUrl);
    const a = await editLine(first, first.getByTestId('block-list'), 'Dune', 'Title');
    const b = await editLine(second, second.getByTestId('block-list'), 'Dune', 'Title');
    await a.getByLabel('Title').fill('Dune Messiah');
    await a.getByRole('button', { name: 'Save' }).click();
    await a.waitFor({ state: 'detached' });
    await b.getByLabel('Title').fill('Dune (1965)');
    await b.getByRole('button', { name: 'Save' }).click();
    await b.getByRole('alert').getByText(/changed by someone else/).waitFor();
    await shotOf(b, 'blocks/list-conflict');
    await b.getByRole('button', { name: 'Reload row' }).click();
    await expect.poll(() => b.getByLabel('Title').inputValue()).toBe('Dune Messiah');
    await first.context().close();
    await second.context().close();
  });
});
