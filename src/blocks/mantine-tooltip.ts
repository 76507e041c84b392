// Mantine's Tooltip alone, for LazyTooltip.tsx's dynamic import (importing '@mantine/core' itself
// there would ask for the whole library's namespace).
export { Tooltip } from '@mantine/core';
