// Form block, end to end: configured through the settings panel (required text with a regex, an
// e-mail, a number, a select fed by another sheet, an image upload and a hidden date defaulting to
// today), then used by a guest: bad values show their messages and lose nothing typed, a value the
// server refuses (an option removed meanwhile) shows on its field, and a good submit adds the row
// to the sheet, upload included, and starts the form again.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlock, choose, guestPage, ownerWithBoard, saveBlock, shotOf, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let owner: OwnerBoard;
let guest: Page;

// A real 1×1 PNG: the upload route checks the file's bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await guest?.context().close();
  await owner?.context.close();
  await browser?.close();
  await server?.stop();
});

const setting = (panel: Locator, path: string) => panel.locator(`[data-setting="${path}"]`);
const fill = (panel: Locator, path: string, value: string) => setting(panel, path).getByRole('textbox').fill(value);

type Row = Record<string, unknown>;
async function sheetRows(title: string): Promise<Row[]> {
  const res = await owner.context.request.get(`${server.baseUrl}/api/board/${owner.spreadsheetId}/sheet/${title}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { rows: Row[] }).rows;
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('form block', () => {
  it('is configured through the settings panel', async () => {
    owner = await ownerWithBoard(browser, server, {
      board: 'Club sign-up',
      sheets: [
        { title: 'Members', columns: ['Name', 'Email', 'Age', 'Plan', 'Photo', 'Joined'], rows: [{ Name: 'Grace', Email: 'grace@example.com', Age: 85, Plan: 'Free', Photo: '', Joined: '2024-01-02' }] },
        { title: 'Plans', columns: ['Plan'], rows: [{ Plan: 'Free' }, { Plan: 'Pro' }] },
      ],
    });
    const { page } = owner;
    const panel = await addBlock(page, 'form');
    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Form title').fill('Join the club');
    await panel.getByLabel('Submit button text').fill('Join');

    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(page, panel, 'Sheet', 'Members');
    // Field 1 is there from the start (a form needs one).
    await choose(page, setting(panel, 'axis.0.column'), 'Column', 'Name');
    await fill(panel, 'axis.0.label', 'Full name');
    await setting(panel, 'axis.0.required').getByRole('switch').check();
    await fill(panel, 'axis.0.regex_validation', '^[A-Z]');

    await panel.getByRole('button', { name: 'Add field' }).click();
    await choose(page, setting(panel, 'axis.1.column'), 'Column', 'Email');
    await choose(page, setting(panel, 'axis.1.type'), 'Type', 'Email address');
    await fill(panel, 'axis.1.placeholder', 'you@example.com');

    await panel.getByRole('button', { name: 'Add field' }).click();
    await choose(page, setting(panel, 'axis.2.column'), 'Column', 'Age');
    await choose(page, setting(panel, 'axis.2.type'), 'Type', 'Number');

    await panel.getByRole('button', { name: 'Add field' }).click();
    await choose(page, setting(panel, 'axis.3.column'), 'Column', 'Plan');
    await choose(page, setting(panel, 'axis.3.type'), 'Type', 'Choice');
    await setting(panel, 'axis.3.from_google_sheet').getByRole('switch').check();
    await choose(page, setting(panel, 'axis.3.source'), 'Options source sheet', 'Plans');
    await choose(page, setting(panel, 'axis.3.source'), 'Options source column', 'Plan');

    await panel.getByRole('button', { name: 'Add field' }).click();
    await choose(page, setting(panel, 'axis.4.column'), 'Column', 'Photo');
    await choose(page, setting(panel, 'axis.4.type'), 'Type', 'File');
    // No regex for files (spec §5): the setting is hidden.
    expect(await setting(panel, 'axis.4.regex_validation').count()).toBe(0);
    await choose(page, setting(panel, 'axis.4.file_mime_type'), 'File type', 'image');

    await panel.getByRole('button', { name: 'Add field' }).click();
    await choose(page, setting(panel, 'axis.5.column'), 'Column', 'Joined');
    await choose(page, setting(panel, 'axis.5.type'), 'Type', 'Date');
    await setting(panel, 'axis.5.hide').getByRole('switch').check();
    await fill(panel, 'axis.5.default', 'today');
    await saveBlock(page);

    const block = page.getByTestId('block-form');
    await block.getByText('Join the club').waitFor();
    await block.getByRole('button', { name: 'Join' }).waitFor();
    expect(await block.getByText('Joined').count()).toBe(0);
  });

  it('a guest with bad values sees the messages and loses nothing typed', async () => {
    guest = await guestPage(browser, owner.guestUrl);
    const block = guest.getByTestId('block-form');
    await block.getByRole('textbox', { name: /Full name/ }).fill('ada');
    await block.getByRole('textbox', { name: /Email/ }).fill('ada-at-example');
    expect(await block.getByRole('textbox', { name: /Email/ }).getAttribute('placeholder')).toBe('you@example.com');
    expect(await block.getByRole('textbox', { name: /Full name/ }).getAttribute('placeholder')).toBe('Type here..');
    await block.getByRole('button', { name: 'Join' }).click();
    await block.getByText('Does not match the required format').waitFor();
    await block.getByText('Must be an e-mail address').waitFor();
    expect(await block.getByRole('textbox', { name: /Full name/ }).inputValue()).toBe('ada');
    expect(await block.getByRole('textbox', { name: /Email/ }).inputValue()).toBe('ada-at-example');

    // Emptying a required field says so.
    await block.getByRole('textbox', { name: /Full name/ }).fill('');
    await block.getByRole('button', { name: 'Join' }).click();
    await block.getByText('This field is required').waitFor();
    expect((await sheetRows('Members')).length).toBe(1);
  });

  it('a value the server refuses shows on its field', async () => {
    const block = guest.getByTestId('block-form');
    // The owner removes the 'Pro' plan after the guest opened the form: the guest still sees it.
    const plans = await sheetRows('Plans');
    const pro = plans.find((r) => r.Plan === 'Pro')!;
    const del = await owner.context.request.delete(`${server.baseUrl}/api/board/${owner.spreadsheetId}/sheet/Plans/rows/${String(pro._id)}`);
    expect(del.status()).toBe(204);

    await block.getByRole('textbox', { name: /Full name/ }).fill('Ada Lovelace');
    await block.getByRole('textbox', { name: /Email/ }).fill('ada@example.com');
    await block.getByRole('spinbutton', { name: /Age/ }).fill('36');
    await choose(guest, block, /Plan/, 'Pro');
    await block.getByRole('button', { name: 'Join' }).click();
    await block.getByText('Must be one of: Free').waitFor();
    expect(await block.getByRole('textbox', { name: /Full name/ }).inputValue()).toBe('Ada Lovelace');
    expect((await sheetRows('Members')).length).toBe(1);
  });

  it('a guest uploads a photo and submits: the row is in the sheet and the form starts again', async () => {
    const block = guest.getByTestId('block-form');
    await choose(guest, block, /Plan/, 'Free');
    await block.locator('input[type="file"]').setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: PNG });
    await block.getByTestId('uploaded-file').getByText('ada.png').waitFor();
    await shotOf(block, 'blocks/form');
    await block.getByRole('button', { name: 'Join' }).click();
    await block.getByText('Data added to the spreadsheet').waitFor();
    expect(await block.getByRole('textbox', { name: /Full name/ }).inputValue()).toBe('');
    expect(await block.getByTestId('uploaded-file').count()).toBe(0);

    const rows = await sheetRows('Members');
    expect(rows).toHaveLength(2);
    const ada = rows.find((r) => r.Name === 'Ada Lovelace')!;
    expect(ada).toMatchObject({ Email: 'ada@example.com', Age: 36, Plan: 'Free', Joined: today() });
    expect(String(ada.Photo)).toMatch(/^\/.+/);
    // The stored URL serves the uploaded bytes.
    const file = await owner.context.request.get(`${server.baseUrl}${String(ada.Photo)}`);
    expect(file.ok()).toBe(true);
    expect(Buffer.from(await file.body()).equals(PNG)).toBe(true);
  });

  it('refuses a file of the wrong kind before uploading', async () => {
    const block = guest.getByTestId('block-form');
    await block.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await block.getByText('Choose an image').waitFor();
    expect(await block.getByTestId('uploaded-file').count()).toBe(0);
  });
});
