import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's theme with only the recipes of the components the app renders: `defaultConfig` brings
 * every recipe Chakra has (about a third of the first page's JavaScript).
 * `test/components/shell/design-system.test.tsx` fails when a screen starts using a Chakra
 * component whose recipe is not listed here.
 */
const usedComponentsTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      progress: progressSlotRecipe,
      stat: statSlotRecipe,
      table: tableSlotRecipe,
    },
  },
});

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
export const system = createSystem(
  mergeConfigs(defaultBaseConfig, usedComponentsTheme),
  accessibleTheme,
);
