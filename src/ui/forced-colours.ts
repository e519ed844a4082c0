import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * Under forced colours (Windows high contrast; `_highContrast` is Chakra's
 * `@media (forced-colors: active)`) the browser paints every background the page's own colour, so
 * a shape drawn only by its fill disappears. These keep such shapes on screen in the system's
 * colours (test/browser/engines/chromium-journey.test.ts checks them).
 */

/** A badge, or a bar's track: outlined in the text colour. */
export const forcedColoursOutline: SystemStyleObject = {
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'CanvasText',
};

/** A bar's filled part: the system's highlight colour, which forced colours leave alone. */
export const forcedColoursFill: SystemStyleObject = {
  forcedColorAdjust: 'none',
  bg: 'Highlight',
};
