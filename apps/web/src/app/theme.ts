import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's teal from shade 6 up is too light for white text and its light variant (shade 9 on
 * shade 1) misses WCAG AA; these darker shades pass 4.5:1 everywhere the primary colour is used.
 */
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#0a7f5c',
  '#087352',
  '#066548',
  '#05573e',
];

/** Mantine's gray with a darker shade 6, the "dimmed" text colour, so secondary text reaches 4.5:1. */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#687079',
  '#495057',
  '#343a40',
  '#212529',
];

/** Mantine's red with darker shades from 6 up, so outline buttons and error text reach 4.5:1 on white. */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#c92a2a',
  '#b02525',
  '#9c2121',
  '#861d1d',
];

/**
 * Mantine's blue, orange and green with darker shades from 6 up: white text on a filled button or segment
 * (the priority picker's "Medium", "High") and coloured text on white (a white or outline button)
 * reach 4.5:1, as with teal, gray and red above.
 */
const blue: MantineColorsTuple = [
  '#e7f5ff',
  '#d0ebff',
  '#a5d8ff',
  '#74c0fc',
  '#4dabf7',
  '#339af0',
  '#1971c2',
  '#1864ab',
  '#175a9a',
  '#154f88',
];

const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#c2410c',
  '#a63c0a',
  '#92350a',
  '#7c2d09',
];

const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#2a7a3a',
  '#237032',
  '#1f6b2e',
  '#1a5c27',
];

/** The breakpoints of docs/product.md#limits-and-constants: sm 576, md 768, lg 992, xl 1200 (in em for Mantine). */
export const theme = createTheme({
  primaryColor: 'teal',
  colors: { teal, gray, red, blue, orange, green },
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", "Noto Sans CJK JP", system-ui, sans-serif',
  // One monospace face for every code (asset, cluster and location IDs), on screen and on labels:
  // Mantine's default list falls through to different fonts on different systems.
  fontFamilyMonospace: '"SF Mono", SFMono-Regular, Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace',
  breakpoints: { xs: '30em', sm: '36em', md: '48em', lg: '62em', xl: '75em' },
  components: {
    // In an error state Mantine paints the placeholder red too, so an empty field looks filled in:
    // the placeholder stays grey, and the red border and message tell the error. (A plain object, not
    // Input.extend, so the input component is not part of every page's first script.)
    Input: { styles: { wrapper: { '--input-placeholder-color': 'var(--mantine-color-placeholder)' } } },
  },
});
