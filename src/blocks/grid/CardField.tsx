// One field of a card (Grid and Data list): text, image or button. Buttons open the row's http(s)
// link in a new tab, or the chosen detail page of a multipage app; without either they are
// disabled and say why. Clicks on buttons never reach the card (which opens the details).
import { Box, Button, Group, Text } from '@mantine/core';
import { Tooltip } from '../LazyTooltip';
import { cellText, safeUrl } from '../cells/cells';
import type { BlockData } from '../types';
import { buttonTarget, type CardField } from './grid-cards';

type Row = Record<string, unknown>;

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

export function CardFieldView({ field, row, data, strong, imageHeight }: { field: CardField; row: Row; data: BlockData; strong?: boolean; imageHeight?: number }) {
  if (field.type === 'image') {
    const src = safeUrl(cellText(row[field.column]), 'image');
    if (!src) return null;
    const h = imageHeight ?? field.imageHeight;
    return (
      <Group justify={JUSTIFY[field.align]}>
        <img
          src={src}
          alt={field.column}
          loading="lazy"
          style={{
            display: 'block',
            objectFit: 'cover',
            height: h,
            width: field.roundImage ? h : '100%',
            borderRadius: field.roundImage ? '50%' : 6,
          }}
        />
      </Group>
    );
  }
  if (field.type === 'button') {
    const target = buttonTarget(field, row, typeof data.openPage === 'function');
    const style = { backgroundColor: field.buttonColor, color: field.buttonTextColor, opacity: target ? 1 : 0.55 };
    const radius = field.roundButton ? 'xl' : 'sm';
    const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();
    return (
      <Group justify={JUSTIFY[field.align]}>
        {target?.kind === 'link' ? (
          <Button component="a" href={target.href} target="_blank" rel="noopener noreferrer" size="compact-sm" radius={radius} style={style} onClick={stop}>
            {field.buttonText}
          </Button>
        ) : target?.kind === 'page' ? (
          <Button
            size="compact-sm"
            radius={radius}
            style={style}
            onClick={(e) => {
              stop(e);
              data.openPage?.(target.page, target.rowId);
            }}
          >
            {field.buttonText}
          </Button>
        ) : (
          <Tooltip label={`No http(s) link in ${field.column}`}>
            <Button size="compact-sm" radius={radius} style={style} aria-disabled onClick={stop}>
              {field.buttonText}
            </Button>
          </Tooltip>
        )}
      </Group>
    );
  }
  const text = cellText(row[field.column]);
  return (
    <Box ta={field.align}>
      <Text size="sm" fw={strong ? 650 : undefined} style={{ color: field.textColor, overflowWrap: 'anywhere' }}>
        {text || '\u00a0'}
      </Text>
    </Box>
  );
}
