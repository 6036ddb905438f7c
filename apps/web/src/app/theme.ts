import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import type { DatesProviderSettings } from '@mantine/dates';

const SYSTEM_FONTS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

/**
 * The brand green. Shade 9 (filled buttons, badges, links) and shade 8 (hover) keep white text
 * above 5:1 contrast; Mantine's stock greens do not reach 4.5:1.
 */
const green: MantineColorsTuple = [
  '#e8f5ec',
  '#cfe9d7',
  '#a3d5b1',
  '#74c089',
  '#4dad68',
  '#35a055',
  '#279548',
  '#1f8740',
  '#1a7b3b',
  '#17703a',
];

/** The warning accent, darkened at the end for the same reason. */
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#f76707',
  '#c2410c',
  '#9a3412',
];

/** Teal (trips loaded, orders awarded) with shade 9 darkened: the stock one is 4.4:1 on its light background. */
const teal: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#099268',
  '#066649',
];

/**
 * The calendars' settings (Mantine's DatesProvider), fixed rather than taken from the browser: English
 * month and day names, weeks from Monday as Nigerian calendars print them, and always six weeks so an open
 * calendar never changes height. No day is marked as a weekend: trucks load and deliver on Saturdays and
 * Sundays too, and Mantine's red weekend text is below 4.5:1. The fields themselves write dates day-first
 * (components/date-field.tsx).
 */
export const datesSettings: DatesProviderSettings = {
  locale: 'en',
  firstDayOfWeek: 1,
  weekendDays: [],
  consistentWeeks: true,
};

export const theme = createTheme({
  primaryColor: 'green',
  // People who ask their phone for less motion get dialogs, menus and toasts without animation.
  respectReducedMotion: true,
  // Shade 9 of every colour is used for filled and light variants: all of them pass WCAG AA.
  primaryShade: { light: 9, dark: 7 },
  colors: { green, orange, teal },
  fontFamily: SYSTEM_FONTS,
  headings: { fontFamily: SYSTEM_FONTS },
  defaultRadius: 'md',
  // The spec's breakpoints: 600 px (sm) for desktop and the reset form, 1024 px (lg) for the
  // tracking screen and the signed-in sidebar.
  breakpoints: { xs: '30em', sm: '37.5em', md: '48em', lg: '64em', xl: '80em' },
  cursorType: 'pointer',
  components: {
    TextInput: { defaultProps: { withAsterisk: false } },
    PasswordInput: { defaultProps: { withAsterisk: false } },
    Select: { defaultProps: { withAsterisk: false } },
    // Links inside text must be told apart without relying on colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // A badge is a word or two; a narrow table column must grow to fit it, never cut it to "IMPO…".
    Badge: { styles: { root: { minWidth: 'max-content' } } },
    // A long label ("Turn on push notifications on this device") wraps onto a second line on a phone
    // rather than being cut off: the button grows taller instead.
    Button: {
      styles: {
        root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 4 },
        label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center', lineHeight: 1.25 },
      },
    },
    // Toasts close with an icon-only button; screen readers need its name.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

/** Error text and dimmed text dark enough to read (Mantine's defaults are below 4.5:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
