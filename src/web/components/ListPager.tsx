// The pager under a list: shown only when there is more than one page, centred, its arrows named
// for screen readers. A page past the end (an old link, a shrunk list) shows as the last one.
import { Group, Pagination, type MantineSize, type MantineSpacing } from '@mantine/core';
import { PAGE_CONTROLS, pageCount } from './list-paging';

export function ListPager({
  total,
  pageSize,
  page,
  onChange,
  size,
  mt,
  nameItems = false,
  testId,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  size?: MantineSize;
  mt?: MantineSpacing;
  /** Names each numbered button 'Page {n}' too. */
  nameItems?: boolean;
  testId?: string;
}) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt={mt}>
      <Pagination
        size={size}
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        getControlProps={(c) => ({ 'aria-label': PAGE_CONTROLS[c] })}
        getItemProps={nameItems ? (n) => ({ 'aria-label': `Page ${n}` }) : undefined}
        data-testid={testId}
      />
    </Group>
  );
}
