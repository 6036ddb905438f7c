import { useMantineTheme, type MantineBreakpoint } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the window is at least as wide as one of the theme's breakpoints (sm 600 px, md 768 px,
 * lg 1024 px…), so every layout switches where the theme says. Read during the first render, not after
 * it, so a page never paints its phone layout on a desktop first.
 */
export function useBreakpoint(breakpoint: MantineBreakpoint): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(min-width: ${theme.breakpoints[breakpoint]})`, true, {
    getInitialValueInEffect: false,
  });
}
