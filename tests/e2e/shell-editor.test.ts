// The editor's part of the rest of the shell (issue 18): the Tutorial Videos popup plays videos the
// app serves itself (recorded from the product: scripts/record-tutorials.ts), with the written
// steps under them; the legacy board layout (`?layout=legacy`) has one nav bar with New Block,
// Board Settings, Embed, Docs and Publish.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithBoard, shot, type OwnerBoard } from './flows';
import { launchBrowser, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let owner: OwnerBoard;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  owner = await ownerWithBoard(browser, server, {
    board: 'Tutorial board',
    sheets: [{ title: 'Sales', columns: ['Region', 'Amount'], rows: [{ Region: 'North', Amount: 10 }] }],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The open tab's video once the browser has read it: its length and picture size. */
async function videoOf(page: Page, name: string) {
  const video = page.getByTestId(`tutorial-video-${name}`);
  await video.waitFor();
  return video.evaluate(async (v: HTMLVideoElement) => {
    if (v.readyState < 1) await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
    return { src: v.currentSrc, duration: v.duration, width: v.videoWidth, height: v.videoHeight, label: v.getAttribute('aria-label') };
  });
}

describe('Tutorial Videos (shell §2.3)', () => {
  it('has the three tabs, each with a video of 10–30 s served by the app, and the steps under it', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Tutorials' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tutorial Videos' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('tab').allInnerTexts()).toEqual(['Board Settings', 'Add Block', 'Publish to MarketPlace']);
    const seen: string[] = [];
    for (const [tab, name] of [
      ['Board Settings', 'board'],
      ['Add Block', 'add'],
      ['Publish to MarketPlace', 'publish'],
    ] as const) {
      await dialog.getByRole('tab', { name: tab }).click();
      const v = await videoOf(page, name);
      expect(v.label).toBe(`Video: ${tab}`);
      expect(new URL(v.src).origin).toBe(server.baseUrl);
      expect(v.src).toMatch(new RegExp(`/tutorials/${name}-[0-9a-f]{10}\\.webm$`));
      expect(v.duration).toBeGreaterThanOrEqual(10);
      expect(v.duration).toBeLessThanOrEqual(30);
      expect(v.width).toBeGreaterThan(0);
      // Only the open tab's video is in the page.
      expect(await dialog.locator('video').count()).toBe(1);
      const res = await fetch(v.src);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^video\/webm/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await res.arrayBuffer()).byteLength).toBeLessThan(1.5 * 1024 * 1024);
      // The written steps stay under the video.
      const panel = dialog.getByRole('tabpanel', { name: tab });
      expect(await panel.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
      seen.push(v.src);
    }
    expect(new Set(seen).size).toBe(3);

    // A frame from the middle of the video for the screenshot.
    await dialog.getByRole('tab', { name: 'Add Block' }).click();
    await page.getByTestId('tutorial-video-add').evaluate(async (v: HTMLVideoElement) => {
      if (v.readyState < 1) await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
      v.currentTime = v.duration * 0.6;
      await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
    });
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await shot(page, 'shell-tutorial-videos');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('the legacy board layout (shell §2.3)', () => {
  it('is one nav bar with New Block, Board Settings, Embed, Docs and Publish, over the whole-width board', async () => {
    const { page } = owner;
    await page.goto(`${owner.editorUrl}?layout=legacy`);
    const nav = page.getByRole('navigation', { name: 'Board tools' });
    await nav.waitFor();
    expect(await page.getByRole('navigation', { name: 'Editor tools' }).count()).toBe(0);
    expect(await nav.getByRole('button').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([
      'New Block',
      'Board Settings',
      'Embed',
      'Docs',
      'Publish',
    ]);
    expect(await page.getByTestId('board-title').innerText()).toBe('Tutorial board');
    await shot(page, 'shell-legacy-layout');

    await nav.getByRole('button', { name: 'New Block' }).click();
    await page.getByRole('dialog', { name: 'Choose Your Block' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Choose Your Block' }).waitFor({ state: 'detached' });

    await nav.getByRole('button', { name: 'Board Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Board filters' });
    await settings.waitFor();
    expect(await nav.getByRole('button', { name: 'Board Settings' }).getAttribute('aria-pressed')).toBe('true');
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await settings.waitFor({ state: 'detached' });

    await nav.getByRole('button', { name: 'Docs' }).click();
    await page.getByRole('dialog', { name: 'Docs' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Docs' }).waitFor({ state: 'detached' });

    await nav.getByRole('button', { name: 'Publish' }).click();
    const menu = page.getByRole('menu', { name: 'Publish' });
    await expect.poll(() => menu.getByRole('menuitem').allInnerTexts()).toEqual(['Privacy Settings', 'Publish to Marketplace']);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    // Without the parameter, the sidebar layout as before.
    await page.goto(owner.editorUrl);
    await page.getByRole('navigation', { name: 'Editor tools' }).waitFor();
    expect(await page.getByTestId('legacy-nav').count()).toBe(0);
  });
});
