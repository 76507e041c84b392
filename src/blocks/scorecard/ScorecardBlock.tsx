// Scorecard view: one card per axis. The renderer loads the sheets named by the axes' `source`
// into data.sheets; score.ts does the arithmetic.
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useMemo } from 'react';
import { BlockFrame, BlockLoading, DataError } from '../BlockFrame';
import type { BlockViewProps } from '../types';
import { scoreCards } from './score';

export function ScorecardBlock({ config, data }: BlockViewProps) {
  const cards = useMemo(() => scoreCards(config.axis, data.sheets), [config.axis, data.sheets]);
  let body;
  if (data.error != null) body = <DataError error={data.error} />;
  else if (data.loading && Object.keys(data.sheets).length === 0) body = <BlockLoading />;
  else
    body = (
      <SimpleGrid cols={{ base: 1, xs: Math.min(2, cards.length || 1), md: Math.min(4, cards.length || 1) }} spacing="md">
        {cards.map((card, i) => (
          <Paper
            key={i}
            withBorder
            p="md"
            radius="md"
            role="group"
            aria-label={`${card.label}: ${card.value}`}
            style={{ backgroundColor: 'transparent', color: 'inherit' }}
          >
            <Text size="sm" fw={500} style={{ opacity: 0.75 }}>
              {card.label}
            </Text>
            <Text fz={28} fw={700} mt={4} data-testid="score-value">
              {card.value}
            </Text>
            {card.error && (
              <Text size="xs" c="red" mt={4}>
                {card.error}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    );
  return <BlockFrame config={config}>{body}</BlockFrame>;
}

export default ScorecardBlock;
