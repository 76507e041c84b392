import { createTheme, type MantineThemeComponent } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // Clicking the option that is already chosen keeps it (Mantine's default clears it, which
    // emptied a block's sheet or column by accident). Clearing is the × of a clearable select.
    // A plain object, not `Select.extend(...)` (which only returns it): importing Select here put
    // Select, Combobox, Popover, ScrollArea and Floating UI in every guest's first download.
    Select: { defaultProps: { allowDeselect: false } } satisfies MantineThemeComponent,
  },
});
