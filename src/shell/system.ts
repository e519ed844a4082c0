import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * Chakra's solid teal, green and orange (shade 600) put white text, and its red error text
 * (shade 500) sits on white, below the 4.5:1 contrast WCAG AA asks of normal-size text; shade
 * 700 meets it.
 */
const accessibleTheme = defineConfig({
  // A resident who asks for reduced motion gets dialogs, menus and bars without animation.
  globalCss: {
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
      },
    },
  },
  theme: {
    semanticTokens: {
      colors: {
        teal: { solid: { value: '{colors.teal.700}' } },
        green: { solid: { value: '{colors.green.700}' } },
        orange: { solid: { value: '{colors.orange.700}' } },
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
        },
      },
    },
  },
});

/** The Chakra UI design system the whole app renders with. */
export const system = createSystem(defaultConfig, accessibleTheme);
