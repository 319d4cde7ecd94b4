import { createTheme } from '@mantine/core';

/** SPEC.md section 9 breakpoints: sm 576, md 768, lg 992, xl 1200 (in em for Mantine). */
export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", "Noto Sans CJK JP", system-ui, sans-serif',
  breakpoints: { xs: '30em', sm: '36em', md: '48em', lg: '62em', xl: '75em' },
});
