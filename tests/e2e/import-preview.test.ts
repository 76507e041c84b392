// The import preview (issue 13), in Chromium against the real server: a Latin-1 CSV from Excel on
// Windows shows Müller in the preview, the owner changes a column's type and the delimiter reads
// again, Import stores the names right; at desktop width and on a 390 px phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, choose, shot } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// What Excel saves as "CSV" on a German Windows: semicolons, Windows-1252 (Latin-1) bytes.
const KUNDEN = Buffer.from('Kunde;Stadt;Status\r\nMüller;Köln;offen\r\nJürgen Größ;München;bezahlt\r\nZoë;Düsseldorf;offen\r\n', 'latin1');

const XSS = '<img src=x onerror=window.pwned=1>';

async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await call(context, server, 'POST', '/api/auth/signup', { name: 'Ada Owner', email: `preview${Date.now()}${viewport.width}@example.com`, password: 'correct horse battery' });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/dashboard`);
  await page.getByTestId('import-input').waitFor({ state: 'attached' });
  return page;
}

describe('importing a CSV through its preview', () => {
  for (const [label, viewport] of [
    ['desktop', { width: 1400, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const)
    it(`shows a Latin-1 CSV right, lets the owner change a type, and imports it (${label})`, async () => {
      const page = await signedIn(viewport);
      await page.getByTestId('import-input').setInputFiles({ name: 'kunden.csv', mimeType: 'text/csv', buffer: KUNDEN });
      const dialog = page.getByRole('dialog', { name: 'Check the import' });
      const preview = dialog.getByTestId('import-preview');
      await preview.getByRole('cell', { name: 'Müller' }).waitFor();
      await preview.getByRole('cell', { name: 'Köln' }).waitFor();
      // How it was read, in words: the encoding and the delimiter, never their code names.
      expect(await dialog.getByRole('textbox', { name: 'Text encoding' }).inputValue()).toBe('Western European (Windows, Latin-1)');
      expect(await dialog.getByRole('textbox', { name: 'Columns separated by' }).inputValue()).toBe('Semicolon');
      expect(await dialog.getByRole('textbox', { name: 'Type of Status' }).inputValue()).toBe('Text');
      await shot(page, `import-preview/${label}`);

      // Another encoding reads the file again: the letters change, and back.
      await choose(page, dialog, 'Text encoding', 'Unicode (UTF-8)');
      await preview.getByRole('cell', { name: 'M\uFFFDller' }).waitFor();
      await choose(page, dialog, 'Text encoding', 'Western European (Windows, Latin-1)');
      await preview.getByRole('cell', { name: 'Müller' }).waitFor();

      await choose(page, dialog, 'Type of Status', 'Choice');
      expect(await dialog.getByRole('textbox', { name: 'Type of Status' }).inputValue()).toBe('Choice');
      await shot(page, `import-preview/${label}-type-changed`);

      await dialog.getByTestId('import-confirm').click();
      await page.getByText('kunden: 1 sheet ready to use.').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      // Said once: the success toast, no alert left on the page.
      expect(await page.getByTestId('import-error').count()).toBe(0);

      const { spreadsheets } = await call<{ spreadsheets: { id: string; title: string }[] }>(page.context(), server, 'GET', '/api/spreadsheets');
      const kunden = spreadsheets.find((s) => s.title === 'kunden')!;
      const data = await call<{ rows: Record<string, unknown>[] }>(page.context(), server, 'GET', `/api/board/${kunden.id}/sheet/kunden`);
      expect(data.rows.map((r) => [r.Kunde, r.Stadt])).toEqual([
        ['Müller', 'Köln'],
        ['Jürgen Größ', 'München'],
        ['Zoë', 'Düsseldorf'],
      ]);
      await page.context().close();
    });

  it('says a refusal once, in the dialog (no toast besides), and the owner can read the file another way and import', async () => {
    const page = await signedIn({ width: 1400, height: 900 });
    const dialog = page.getByRole('dialog', { name: 'Check the import' });
    // Markup in a file's names and values is text in the preview, never elements.
    await page.getByTestId('import-input').setInputFiles({ name: 'markup.csv', mimeType: 'text/csv', buffer: Buffer.from(`Name,${XSS}\nAda,${XSS}\n`) });
    await dialog.getByRole('cell', { name: XSS }).waitFor();
    expect(await dialog.getByText(XSS).count()).toBe(2);
    expect(await dialog.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByTestId('import-input').setInputFiles({ name: 'kunden.csv', mimeType: 'text/csv', buffer: KUNDEN });
    await dialog.getByRole('cell', { name: 'Müller' }).waitFor();
    // Commas read the whole line as one column; semicolons again give three.
    await choose(page, dialog, 'Columns separated by', 'Comma');
    await dialog.getByRole('textbox', { name: 'Type of Kunde;Stadt;Status' }).waitFor();
    await choose(page, dialog, 'Columns separated by', 'Semicolon');
    await dialog.getByRole('textbox', { name: 'Type of Status' }).waitFor();
    // The server refuses the import (another of the owner's imports is running, say).
    const refusal = 'Another import of yours is still running. Wait for it to finish, then import this file.';
    await page.route('**/api/spreadsheets?*', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: refusal, code: 'conflict' }) }) : route.fallback(),
    );
    await dialog.getByTestId('import-confirm').click();
    const alert = dialog.getByTestId('import-error');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(refusal);
    expect(await page.getByText(refusal).count()).toBe(1);
    expect(await page.locator('[data-toast="error"]').count()).toBe(0);
    await shot(page, 'import-preview/refused');
    // Import again once the server takes it.
    await page.unroute('**/api/spreadsheets?*');
    await dialog.getByTestId('import-confirm').click();
    await page.getByText('kunden: 1 sheet ready to use.').waitFor();
    expect(await page.getByTestId('import-error').count()).toBe(0);
    await page.context().close();
  });
});
