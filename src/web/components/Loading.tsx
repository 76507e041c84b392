// The spec's puzzle loading animation (shell §2.3, §9: about 4 s, default text 'Loading...'):
// four pieces click into place one after the other, then the puzzle starts again. Plain CSS
// (styles.css, `.sb-puzzle`); the pieces are decoration (aria-hidden), the text is the status a
// screen reader announces. With reduced motion the assembled puzzle stands still.
import { Center, Stack, Text } from '@mantine/core';

/** One cycle of the animation, in milliseconds (shell §9: about 4 s). */
export const PUZZLE_CYCLE_MS = 4000;

export function PuzzleAnimation() {
  return (
    <div className="sb-puzzle" aria-hidden="true" data-testid="puzzle-loader" style={{ ['--sb-puzzle-cycle' as string]: `${PUZZLE_CYCLE_MS}ms` }}>
      <span className="sb-puzzle-piece" data-piece="1" />
      <span className="sb-puzzle-piece" data-piece="2" />
      <span className="sb-puzzle-piece" data-piece="3" />
      <span className="sb-puzzle-piece" data-piece="4" />
    </div>
  );
}

/** The spec's loading animation, default text 'Loading...'. */
export function Loading({ text = 'Loading...', fullScreen = false }: { text?: string; fullScreen?: boolean }) {
  return (
    <Center h={fullScreen ? '100vh' : 240} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <PuzzleAnimation />
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}
