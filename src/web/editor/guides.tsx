// The written steps under each Tutorial Videos video (TutorialsModal): what the video shows, to
// read at one's own pace or with a screen reader. A multipage app's editor has its own left bar
// (Pages, New Block, Embed, Users, App Settings, Spreadsheet, Publish; no Filters or Board
// Settings), so it gets its own steps, and no board-only video.
import { List, Stack, Text } from '@mantine/core';
import type { TutorialVideoName } from './tutorial-videos';

export interface GuideTab {
  value: string;
  label: string;
  /** The recording shown above the steps; none when no recording shows this editor. */
  video?: TutorialVideoName;
  intro: string;
  steps: string[];
}

export const GUIDES: GuideTab[] = [
  {
    value: 'board',
    video: 'board',
    label: 'Board Settings',
    intro: 'A board is one page of blocks that read your spreadsheet. Its settings apply to every block on it.',
    steps: [
      'Click “Filters” in the left bar, then “Add filter”: give it a name, pick the column, the condition and a value.',
      'Switch on “Show the filter bar to viewers” so visitors can turn filters on and off, then “Save filters”.',
      'Drag a block by its handle to change the order; “Full width” in a block’s settings lets it span the row.',
      '“Publish” → “Privacy Settings” makes the board public or private; “Back” returns to your dashboard.',
    ],
  },
  {
    value: 'add',
    video: 'add',
    label: 'Add Block',
    intro: 'Blocks show your data as tables, charts, scorecards and more.',
    steps: [
      'Click “New Block” in the left bar and pick a block in “Choose Your Block”.',
      'Under “Data”, choose the sheet and the columns. The board shows a live preview as you choose.',
      'Give it a title and options under “General” and colours under “Style”, then press Save. Cancel throws the new block away.',
      'To change a block later, click its pencil icon; the bin icon deletes it.',
    ],
  },
  {
    value: 'publish',
    video: 'publish',
    label: 'Publish to MarketPlace',
    intro: 'Offer your board to others as a template.',
    steps: [
      'The board must be public with “No sign in” first: “Publish” → “Privacy Settings”.',
      'Choose “Publish” → “Publish to Marketplace” and fill in the title, summary, description, category and tags.',
      'Add a thumbnail and at least one screenshot (up to 3 MB each), choose Free or a price, and press “Submit for Review”.',
      'The provider’s team reviews it; you get an e-mail when it is published or when changes are needed.',
    ],
  },
];

/** The tabs of a multipage app's editor: its own left bar's words. */
export const MULTIPAGE_GUIDES: GuideTab[] = [
  {
    value: 'app',
    label: 'App Settings',
    intro: 'A multipage app is a set of pages, each with its own blocks, sharing one spreadsheet and one header and footer.',
    steps: [
      'Click “Pages” in the left bar to add a page, rename it, change its address or choose who may open it.',
      'Click “App Settings” for the app’s name, the default colours of its pages and the chart palette.',
      'Click “Users” to invite people who sign in to the app, as Read or Read-Write.',
      'Click “Spreadsheet” to edit the app’s data; every page reads the same sheets.',
    ],
  },
  {
    value: 'add',
    video: 'add',
    label: 'Add Block',
    intro: 'Blocks show your data as tables, charts, forms and more. Each page has its own blocks.',
    steps: [
      'Open the page in “Pages”, then click “New Block” in the left bar and pick a block in “Choose Your Block”.',
      'Under “Data”, choose the sheet and the columns. The page shows a live preview as you choose.',
      'Give it a title and options under “General” and colours under “Style”, then press Save. Cancel throws the new block away.',
      'To change a block later, click its pencil icon; the bin icon deletes it. The header stays first and the footer last.',
    ],
  },
  {
    value: 'publish',
    video: 'publish',
    label: 'Publish to MarketPlace',
    intro: 'Offer your app to others as a template. The video shows a board; an app’s Publish button is at the bottom of its left bar.',
    steps: [
      'The app must be public with “No sign in” first: “Publish” in the left bar → “Privacy Settings”.',
      'Choose “Publish” → “Publish to Marketplace” and fill in the title, summary, description, category and tags.',
      'Add a thumbnail and at least one screenshot (up to 3 MB each), choose Free or a price, and press “Submit for Review”.',
      'The provider’s team reviews it; you get an e-mail when it is published or when changes are needed.',
    ],
  },
];

/** The Tutorial Videos tabs of an editor: a board's, or a multipage app's. */
export function guidesFor(multipage: boolean): GuideTab[] {
  return multipage ? MULTIPAGE_GUIDES : GUIDES;
}

export function Guide({ intro, steps }: { intro: string; steps: string[] }) {
  return (
    <Stack gap="sm">
      <Text>{intro}</Text>
      <List type="ordered" spacing="xs">
        {steps.map((s) => (
          <List.Item key={s}>{s}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
