// The written steps under each Tutorial Videos video (TutorialsModal): what the video shows, to
// read at one's own pace or with a screen reader.
import { List, Stack, Text } from '@mantine/core';
import type { TutorialVideoName } from './tutorial-videos';

export const GUIDES: { value: TutorialVideoName; label: string; intro: string; steps: string[] }[] = [
  {
    value: 'board',
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
