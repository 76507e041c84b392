// Short written guides. The spec's Tutorial Videos popup embeds videos; there are none offline,
// so each tab holds a few steps instead (see src/web/README.md).
import { List, Stack, Text } from '@mantine/core';

export const GUIDES: { value: string; label: string; intro: string; steps: string[] }[] = [
  {
    value: 'board',
    label: 'Board Settings',
    intro: 'A board is one page of blocks that read your spreadsheet.',
    steps: [
      'The board reads the spreadsheet you picked when you created it. Import new data from the dashboard.',
      'Drag a block by its handle to change the order. Turn on “Full width” in a block’s settings to let it span the row.',
      'Use “Back” at the top left to return to your dashboard; changes are saved when you press Save.',
    ],
  },
  {
    value: 'add',
    label: 'Add Block',
    intro: 'Blocks show your data as tables, charts and scorecards.',
    steps: [
      'Click “New Block” in the left bar and pick a block in “Choose Your Block”.',
      'In the settings panel choose the Sheet, then the columns under “Data”. The board shows a live preview.',
      'Adjust titles and options under “General” and colours under “Style”, then press Save. Cancel throws the new block away.',
      'To change a block later, click its pencil icon; the bin icon deletes it.',
    ],
  },
  {
    value: 'publish',
    label: 'Publish to MarketPlace',
    intro: 'Share your board with others.',
    steps: [
      'Choose “Publish” → “Privacy Settings” to make the app public or private. A public app can ask visitors to sign in with the password they set (“Use password set by user”).',
      'In a multipage app, “Users” invites people by e-mail with Read or Read-Write permission.',
      'Use “Embed” to put the board on your website (paid plans).',
      'Publishing a board as a template in the marketplace arrives with the marketplace.',
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
