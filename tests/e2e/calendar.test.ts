// Calendar block, end to end: configured through the settings panel (sheet, start/end/title
// columns, a pop-up column, opening on a selected month), then seen by a guest: events in the
// month view (a multi-day event as one bar), navigation, the week and day views, and the detail
// pop-up of an event.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlock, choose, guestPage, ownerWithBoard, saveBlock, shotOf, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let owner: OwnerBoard;
let guest: Page;

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

const event = (scope: Locator, title: string) => scope.getByRole('button', { name: new RegExp(`^${title},`) });
const range = (block: Locator) => block.getByTestId('calendar-range');

describe('calendar block', () => {
  it('is configured through the settings panel', async () => {
    owner = await ownerWithBoard(browser, server, {
      board: 'Team calendar',
      sheets: [
        {
          title: 'Events',
          columns: ['Title', 'Start', 'End', 'Room', 'Notes'],
          rows: [
            { Title: 'Standup', Start: '2024-03-01T09:00', End: '2024-03-01T09:30', Room: 'Blue room', Notes: 'Daily' },
            { Title: 'Design review', Start: '2024-03-01T14:00', End: '2024-03-01T15:30', Room: 'Green room', Notes: '' },
            { Title: 'Conference', Start: '2024-03-12', End: '2024-03-14', Room: 'Hall A', Notes: 'Three days' },
            { Title: 'Offsite', Start: '15/03/2024 10:00', End: '15/03/2024 16:00', Room: 'Lake house', Notes: 'DD/MM/YYYY start' },
            { Title: 'Launch', Start: '2024-04-10T11:00', End: '', Room: 'Main stage', Notes: '' },
            { Title: 'Someday', Start: 'soon', End: '', Room: '', Notes: 'not a date: left out' },
          ],
        },
      ],
    });
    const { page } = owner;
    const panel = await addBlock(page, 'calendar');
    await panel.getByRole('tab', { name: 'Data' }).click();
    await choose(page, panel, 'Sheet', 'Events');
    await choose(page, panel, 'Start time column', 'Start');
    await choose(page, panel, 'End time column', 'End');
    await choose(page, panel, 'Event title column', 'Title');
    await choose(page, panel, 'Pop-up columns', 'Room');
    await page.keyboard.press('Escape');

    await panel.getByRole('tab', { name: 'General' }).click();
    await panel.getByLabel('Title', { exact: true }).fill('Team calendar');
    // Year and month show only with 'Selected month'.
    expect(await panel.getByLabel('Year').count()).toBe(0);
    await choose(page, panel, 'Opens on', 'Selected month');
    await panel.getByLabel('Year').fill('2024');
    await choose(page, panel, 'Month', '03');
    await saveBlock(page);

    const block = page.getByTestId('block-calendar');
    await expect.poll(() => range(block).textContent()).toBe('March 2024');
    await event(block, 'Standup').waitFor();
  });

  it('a guest sees the month with its events, multi-day ones as one bar, and moves between months', async () => {
    guest = await guestPage(browser, owner.guestUrl);
    const block = guest.getByTestId('block-calendar');
    await expect.poll(() => range(block).textContent()).toBe('March 2024');
    for (const t of ['Standup', 'Design review', 'Conference', 'Offsite']) await event(block, t).waitFor();
    expect(await event(block, 'Launch').count()).toBe(0);
    expect(await block.getByText('Someday').count()).toBe(0);
    // One bar spanning three day columns.
    expect(await event(block, 'Conference').count()).toBe(1);
    const bar = await event(block, 'Conference').boundingBox();
    const standup = await event(block, 'Standup').boundingBox();
    expect(bar!.width).toBeGreaterThan(standup!.width * 2.5);
    await shotOf(block, 'blocks/calendar');

    await block.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => range(block).textContent()).toBe('April 2024');
    await event(block, 'Launch').waitFor();
    await block.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => range(block).textContent()).toBe('March 2024');
  });

  it('switches to the week and day views', async () => {
    const block = guest.getByTestId('block-calendar');
    await block.getByText('Week', { exact: true }).click();
    await expect.poll(() => range(block).textContent()).toBe('Feb 25 – Mar 2, 2024');
    await event(block, 'Standup').waitFor();
    await event(block, 'Design review').waitFor();
    // Timed events sit in the time grid, the later one lower.
    const a = await event(block, 'Standup').boundingBox();
    const b = await event(block, 'Design review').boundingBox();
    expect(b!.y).toBeGreaterThan(a!.y);
    await block.getByRole('button', { name: 'Next' }).click();
    await block.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => range(block).textContent()).toBe('Mar 10 – 16, 2024');
    await block.getByTestId('all-day').getByRole('button', { name: /^Conference,/ }).waitFor();
    await shotOf(block, 'blocks/calendar-week');

    await block.getByText('Day', { exact: true }).click();
    // The day view opens on the day the week view was moved to.
    await expect.poll(() => range(block).textContent()).toBe('Friday, March 15, 2024');
    await event(block, 'Offsite').waitFor();
    for (let i = 0; i < 3; i++) await block.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => range(block).textContent()).toBe('Tuesday, March 12, 2024');
    await event(block, 'Conference').waitFor();
    expect(await event(block, 'Standup').count()).toBe(0);
  });

  it('opens the detail pop-up of an event', async () => {
    const block = guest.getByTestId('block-calendar');
    await block.getByText('Month', { exact: true }).click();
    await event(block, 'Offsite').click();
    const dialog = guest.getByRole('dialog', { name: 'Offsite' });
    await dialog.waitFor();
    await dialog.getByText('March 15, 2024, 10:00 AM – 4:00 PM').waitFor();
    await dialog.getByText('Lake house').waitFor();
    await dialog.getByText('15/03/2024 10:00').waitFor();
    // Only the chosen columns: Notes was not picked for the pop-up.
    expect(await dialog.getByText('DD/MM/YYYY start').count()).toBe(0);
    await shotOf(dialog, 'blocks/calendar-details');
    await guest.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
