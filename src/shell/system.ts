import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  defineKeyframes,
  defineLayerStyles,
  visuallyHiddenStyle,
  type SystemContext,
} from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  linkRecipe,
  listSlotRecipe,
  semanticTokens,
  skipNavLinkRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { visuallyHiddenClass } from '../ui/visually-hidden';

/**
 * The colour palettes the app paints with: the teal of its buttons and links, the status badges'
 * colours (machines/permits/rules/permit-status-table.ts), the row actions' and the dashboard bars'.
 * Chakra's cyan and pink are left out of the system.
 */
export const appPalettes = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
] as const;

/**
 * Chakra's colour palettes (those with semantic tokens for a palette's solid colour, text and so
 * on) that the app does not paint with. Other scales, such as the backdrop's blackAlpha, stay.
 */
const unusedPalettes = new Set(
  Object.entries(semanticTokens.colors ?? {})
    .filter(([, scale]) => typeof scale === 'object' && 'solid' in scale)
    .map(([name]) => name)
    .filter((name) => !(appPalettes as readonly string[]).includes(name)),
);

/** Tokens (plain or semantic) without the colours of the palettes the app does not paint with. */
function withAppPalettes<Definition extends { colors?: object }>(
  definition: Definition,
): Definition {
  return {
    ...definition,
    colors: Object.fromEntries(
      Object.entries(definition.colors ?? {}).filter(([name]) => !unusedPalettes.has(name)),
    ),
  };
}

/**
 * A semantic token tree with each `{ _light, _dark }` value replaced by its light one. Kerbside has
 * one colour scheme (nothing sets Chakra's `.dark` class), so the dark values would only become
 * CSS that never applies.
 */
function lightValues<Tree>(tree: Tree): Tree {
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) return tree;
  if ('_light' in tree && '_dark' in tree) return tree._light as Tree;
  return Object.fromEntries(
    Object.entries(tree).map(([name, value]) => [name, lightValues(value)]),
  ) as Tree;
}

/**
 * The keyframes the app animates with, as Chakra's theme defines them: those its recipes name (the
 * spinner's turn, a skeleton's pulse, a progress bar's stripes, a dialog's and a menu's fades,
 * scales and slides). Chakra's theme has 32, half of them for components Kerbside does not render,
 * and its object comes whole with every page that imports it: with the layer styles below, 0.5 KB
 * gzip of `/login`'s 180 KB budget (docs/performance.md, "Bundle budget").
 * test/screens/shell/design-system.test.ts fails when a recipe the app renders names a keyframe
 * missing here, or when one here differs from Chakra's.
 */
const appKeyframes = defineKeyframes({
  spin: { '0%': { transform: 'rotate(0deg)' }, '100%': { transform: 'rotate(360deg)' } },
  pulse: { '50%': { opacity: '0.5' } },
  'bg-position': {
    from: { backgroundPosition: 'var(--animate-from, 1rem) 0' },
    to: { backgroundPosition: 'var(--animate-to, 0) 0' },
  },
  position: {
    from: {
      insetInlineStart: 'var(--animate-from-x)',
      insetBlockStart: 'var(--animate-from-y)',
    },
    to: { insetInlineStart: 'var(--animate-to-x)', insetBlockStart: 'var(--animate-to-y)' },
  },
  'fade-in': { from: { opacity: 0 }, to: { opacity: 1 } },
  'fade-out': { from: { opacity: 1 }, to: { opacity: 0 } },
  'scale-in': { from: { scale: '0.95' }, to: { scale: '1' } },
  'scale-out': { from: { scale: '1' }, to: { scale: '0.95' } },
  'slide-from-top': {
    '0%': { translate: '0 calc(var(--slide-from-top-distance, 0.5rem) * -1)' },
    to: { translate: '0' },
  },
  'slide-from-bottom': {
    '0%': { translate: '0 var(--slide-from-bottom-distance, 0.5rem)' },
    to: { translate: '0' },
  },
  'slide-from-left': {
    '0%': { translate: 'calc(var(--slide-from-left-distance, 0.5rem) * -1) 0' },
    to: { translate: '0' },
  },
  'slide-from-right': {
    '0%': { translate: 'var(--slide-from-right-distance, 0.5rem) 0' },
    to: { translate: '0' },
  },
  'slide-to-top': {
    '0%': { translate: '0' },
    to: { translate: '0 calc(var(--slide-to-top-distance, 0.5rem) * -1)' },
  },
  'slide-to-bottom': {
    '0%': { translate: '0' },
    to: { translate: '0 var(--slide-to-bottom-distance, 0.5rem)' },
  },
  'slide-to-left': {
    '0%': { translate: '0' },
    to: { translate: 'calc(var(--slide-to-left-distance, 0.5rem) * -1) 0' },
  },
  'slide-to-right': {
    '0%': { translate: '0' },
    to: { translate: 'var(--slide-to-right-distance, 0.5rem) 0' },
  },
});

/**
 * The one layer style the app's recipes name (a disabled button, input or menu item), as Chakra
 * defines it; its other eleven belong to components Kerbside does not render. Tested like the
 * keyframes above.
 */
const appLayerStyles = defineLayerStyles({
  disabled: { value: { opacity: '0.5', cursor: 'not-allowed' } },
});

/**
 * Chakra's theme with only the recipes of the components the app renders: `defaultConfig` brings
 * every recipe Chakra has (about a third of the first page's JavaScript). Its tokens come without
 * the palettes and the dark values nothing uses: `createSystem`, the longest single step of
 * starting the app, makes a third less token CSS and took about 10 % less time in Chromium at 4×
 * CPU (docs/performance.md).
 * `test/screens/shell/design-system.test.ts` fails when a screen starts using a Chakra
 * component whose recipe is not listed here.
 */
const usedComponentsTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes: appKeyframes,
    tokens: withAppPalettes(tokens),
    semanticTokens: lightValues(withAppPalettes(semanticTokens)),
    textStyles,
    layerStyles: appLayerStyles,
    animationStyles,
    recipes: {
      button: buttonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
    },
  },
});

/** Every element's keyboard focus, GOV.UK's way: a yellow ring edged in black. */
const focusVisible = {
  outlineStyle: 'solid !important',
  outlineWidth: '3px !important',
  outlineOffset: '0 !important',
  outlineColor: 'var(--chakra-colors-focus-ring) !important',
  boxShadow: '0 0 0 6px var(--chakra-colors-focus-edge) !important',
};

/** A target a finger can hit: 44 px (WCAG 2.5.5), where 24 px is the floor (2.5.8). */
export const fingerTarget = '11';

/**
 * GOV.UK's typeface for a service off GOV.UK: Arial (GOV.UK Frontend's `$govuk-font-family` is
 * "GDS Transport", arial, sans-serif, and GDS Transport is GOV.UK's own), which has Welsh's ŵ and
 * ŷ. Chakra's stacks begin with families few phones have (Inter, Segoe UI), and each one missing is
 * looked up before the text is laid out: in Chromium on Linux `/login`'s first layout waited a
 * median 24 ms for them, against 4 ms with Arial
 * (docs/decisions/026-arial-govuks-typeface-off-govuk.md).
 */
const arial = { value: 'Arial, sans-serif' };

/**
 * Chakra's solid teal, green and orange (shade 600) put white text, and its red error text
 * (shade 500) sits on white, below the 4.5:1 contrast WCAG AA asks of normal-size text; shade
 * 700 meets it. Chakra's focus ring (gray or a palette's 500 at 2 px, 2.5:1 on white) and input
 * border (gray 200, 1.27:1) fall below the 3:1 WCAG 2.2 asks of what shows a control and its
 * focus: focus is GOV.UK's yellow ring edged in black, and inputs have a gray 600 border
 * (test/screens/shell/design-system.test.ts computes each contrast from these tokens).
 */
const accessibleTheme = defineConfig({
  // A resident who asks for reduced motion gets dialogs, menus and bars without animation.
  globalCss: {
    ':is(:focus-visible, [data-focus-visible])': focusVisible,
    [`.${visuallyHiddenClass}`]: visuallyHiddenStyle,
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
      },
    },
  },
  theme: {
    // Text in Arial, GOV.UK's typeface off GOV.UK (above).
    tokens: { fonts: { heading: arial, body: arial } },
    semanticTokens: {
      colors: {
        teal: { solid: { value: '{colors.teal.700}' } },
        green: { solid: { value: '{colors.green.700}' } },
        orange: { solid: { value: '{colors.orange.700}' } },
        focus: {
          ring: { value: '#ffdd00' },
          edge: { value: '#0b0c0c' },
        },
        border: {
          input: { value: '{colors.gray.600}' },
        },
        fg: {
          error: { value: '{colors.red.700}' },
          warning: { value: '{colors.orange.700}' },
        },
      },
    },
    recipes: {
      input: { variants: { variant: { outline: { borderColor: 'border.input' } } } },
      button: {
        variants: {
          size: {
            sm: { h: fingerTarget, minW: fingerTarget },
            md: { h: fingerTarget, minW: fingerTarget },
          },
        },
      },
    },
  },
});

let builtSystem: SystemContext | undefined;

/**
 * The Chakra UI design system the whole app renders with, built on first use: building it is the
 * longest single step of starting the app, and src/main.tsx gives it a task of its own.
 */
export function appSystem(): SystemContext {
  // One merge: createSystem merges what it is given, and each merge first copies every config.
  builtSystem ??= createSystem(defaultBaseConfig, usedComponentsTheme, accessibleTheme);
  return builtSystem;
}
