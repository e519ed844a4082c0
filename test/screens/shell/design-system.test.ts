import fs from 'node:fs';
import path from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import * as chakraTheme from '@chakra-ui/react/theme';
import { appPalettes, appSystem } from '../../../src/shell/system';

/** Every file of the app's source (or model) under `directory`, as text. */
function sources(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [fs.readFileSync(file, 'utf8')] : [];
  });
}

/** Every name the app's source imports from Chakra. */
function chakraImports(directory: string): string[] {
  return sources(directory).flatMap((source) =>
    [...source.matchAll(/import\s*{([^}]*)}\s*from\s*'@chakra-ui\/react'/g)].flatMap(([, names]) =>
      names!
        .split(',')
        .map((name) => name.replace(/^\s*type\s+/, '').trim())
        .filter(Boolean),
    ),
  );
}

const recipeKey = (component: string) => component[0]!.toLowerCase() + component.slice(1);

/**
 * The components the app styles where it renders them, with a recipe it imports from Chakra's theme
 * (`qrCodeSlotRecipe` in src/features/visitor-passes/visitor-pass/visitor-pass-link.tsx): their
 * recipe comes with the one chunk that renders them, not with every page's design system.
 */
function recipesImportedBesideTheirComponents(directory: string): string[] {
  return sources(directory).flatMap((source) =>
    [...source.matchAll(/import\s*{([^}]*)}\s*from\s*'@chakra-ui\/react\/theme'/g)].flatMap(
      ([, names]) =>
        names!
          .split(',')
          .map((name) => /^\s*(\w+?)(Slot)?Recipe\s*$/.exec(name)?.[1])
          .filter((key): key is string => key !== undefined)
          .filter((key) => source.includes(`recipe={${key}`)),
    ),
  );
}

// The app's design system carries only the recipes of the components it renders (src/shell/system.ts):
// a component whose recipe is missing renders unstyled, which no other test would notice.
test('every Chakra component the app imports has its recipe in the app’s design system', () => {
  const styledComponents = [...new Set(chakraImports(path.resolve(__dirname, '../../../src')))]
    .map(recipeKey)
    .filter((key) => defaultSystem.hasRecipe(key));
  expect(styledComponents).toEqual(expect.arrayContaining(['button', 'menu', 'table']));
  const recipesBesideComponents = recipesImportedBesideTheirComponents(
    path.resolve(__dirname, '../../../src'),
  );
  expect(recipesBesideComponents).toContain('qrCode');
  expect(
    styledComponents.filter(
      (key) => !appSystem().hasRecipe(key) && !recipesBesideComponents.includes(key),
    ),
  ).toEqual([]);
});

// The app's design system leaves out the colour palettes nothing names (src/shell/system.ts): a
// badge or button given one of those would render without its colours, which no other test
// would notice. Palette names appear quoted ('purple', "teal") or in a token ('red.700').
test('every colour palette the app’s source names is in the app’s design system', () => {
  const chakraPalettes = [...defaultSystem.tokens.colorPaletteMap.keys()].filter((name) =>
    defaultSystem.tokens.getByName(`colors.${name}.solid`),
  );
  const text = ['../../../src', '../../../machines']
    .flatMap((directory) => sources(path.resolve(__dirname, directory)))
    .join('\n');
  const named = chakraPalettes.filter((palette) =>
    new RegExp(`['"]${palette}(\\.\\d+)?['"]`).test(text),
  );
  expect(named).toEqual(expect.arrayContaining(['teal', 'red', 'purple', 'yellow']));
  expect(
    named.filter((palette) => !appSystem().tokens.getByName(`colors.${palette}.solid`)),
  ).toEqual([]);
  expect([...appPalettes].sort()).toEqual([...named].sort());
});

/** A color token's light-mode value as a hex colour, following `{colors.…}` references. */
function lightHex(name: string): string {
  const token = appSystem().tokens.getByName(name);
  if (!token) throw new Error(`No token ${name}`);
  const conditions = token.extensions.conditions as Record<string, string> | undefined;
  const raw = conditions?._light ?? conditions?.base ?? token.originalValue ?? token.value;
  const reference = /^\{(.+)\}$/.exec(String(raw));
  return reference ? lightHex(reference[1]!) : String(raw);
}

/** WCAG 2.2's contrast ratio of two hex colours. */
function contrast(first: string, second: string): number {
  const luminance = (hex: string) => {
    const digits = hex.replace('#', '');
    const [r, g, b] = [0, 2, 4].map((start) => {
      const channel = parseInt(digits.slice(start, start + 2), 16) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

// WCAG 2.2 (1.4.11, 2.4.13): what shows a control and its keyboard focus must stand 3:1 from
// what is next to it. The focus is a yellow ring edged in black (GOV.UK's): the black edge stands
// out from the page, the yellow from the black and from a dark button.
test('the focus ring and the input border stand at least 3:1 from what surrounds them', () => {
  const page = lightHex('colors.bg');
  const ring = lightHex('colors.focus.ring');
  const edge = lightHex('colors.focus.edge');
  expect(contrast(edge, page)).toBeGreaterThanOrEqual(3);
  expect(contrast(ring, edge)).toBeGreaterThanOrEqual(3);
  expect(contrast(ring, lightHex('colors.teal.700'))).toBeGreaterThanOrEqual(3);
  expect(contrast(lightHex('colors.border.input'), page)).toBeGreaterThanOrEqual(3);
  expect(
    contrast(lightHex('colors.border.input'), lightHex('colors.bg.subtle')),
  ).toBeGreaterThanOrEqual(3);
  // Chakra's own input border, which the app replaces, would fail.
  expect(contrast(lightHex('colors.border'), page)).toBeLessThan(3);
});

test('the focus style and the input border are the ones the app renders with', () => {
  const css = appSystem().getGlobalCss() as Record<string, Record<string, unknown>>;
  const base = css['@layer base'] as Record<string, Record<string, unknown>>;
  expect(base['&:is(:focus-visible, [data-focus-visible])']).toMatchObject({
    outlineWidth: '3px !important',
    outlineColor: 'var(--chakra-colors-focus-ring) !important',
  });
  expect(appSystem().getRecipe('input').variants?.variant?.outline).toMatchObject({
    borderColor: 'border.input',
  });
});

/**
 * The keyframe names an `animation` or `animationName` value starts each of its parts with (the
 * parts split at commas outside parentheses: `cubic-bezier(0.4, 0, 0.6, 1)` is one).
 */
function keyframesNamedIn(value: string): string[] {
  return value
    .split(/,(?![^(]*\))/)
    .map((part) => part.trim().split(/\s+/)[0]!)
    .filter((name) => name !== 'none');
}

/** The style properties whose values name keyframes or layer styles. */
const namingProperties = ['animation', 'animationName', 'animationStyle', 'layerStyle'];

/**
 * Each keyframe and layer style a recipe names, anywhere in its tree (a variant, a condition, a
 * slot): an `animationStyle` through the app's animation styles, an animation token through its
 * value.
 */
function animationAndLayerNames(recipe: unknown): { keyframes: string[]; layerStyles: string[] } {
  const system = appSystem();
  const names = { keyframes: [] as string[], layerStyles: [] as string[] };
  const visit = (node: unknown, property: string | undefined) => {
    if (typeof node === 'string') {
      if (property === 'layerStyle') names.layerStyles.push(node);
      if (property === 'animation' || property === 'animationName') {
        const token = system.tokens.getByName(`animations.${node}`);
        names.keyframes.push(...keyframesNamedIn(token ? String(token.value) : node));
      }
      if (property === 'animationStyle') {
        visit(system._config.theme?.animationStyles?.[node]?.value, undefined);
      }
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      // A condition or a selector (`_open`, `&[data-placement^=top]`) or a slot keeps the property.
      visit(child, namingProperties.includes(key) ? key : property);
    }
  };
  visit(recipe, undefined);
  return names;
}

// The app's design system carries only the keyframes and layer styles its recipes and its own
// styles name, copied from Chakra's theme (src/shell/system.ts): a dialog whose keyframe is missing
// opens without its fade, and a disabled button looks enabled, which no other test would notice.
test('every keyframe and layer style the app names is in its design system, as Chakra has it', () => {
  const system = appSystem();
  const recipeOf = (key: string) =>
    (chakraTheme as Record<string, unknown>)[`${key}Recipe`] ??
    (chakraTheme as Record<string, unknown>)[`${key}SlotRecipe`];
  const recipes = [
    ...Object.values(system._config.theme?.recipes ?? {}),
    ...Object.values(system._config.theme?.slotRecipes ?? {}),
    ...recipesImportedBesideTheirComponents(path.resolve(__dirname, '../../../src')).map(recipeOf),
  ];
  // And any the app's own styles name: `animation="…"`, `animationName: '…'`, `layerStyle="…"`.
  const ownStyles = sources(path.resolve(__dirname, '../../../src')).flatMap((source) =>
    [
      ...source.matchAll(
        new RegExp(`\\b(${namingProperties.join('|')})(?:=|:\\s*)['"]([^'"]+)['"]`, 'g'),
      ),
    ].map(([, property, value]) => ({ [property!]: value })),
  );
  const named = [...recipes, ...ownStyles].map(animationAndLayerNames);
  const keyframes = [...new Set(named.flatMap((names) => names.keyframes))];
  const layerStyles = [...new Set(named.flatMap((names) => names.layerStyles))];
  expect(keyframes).toEqual(expect.arrayContaining(['spin', 'fade-in', 'slide-from-bottom']));
  expect(layerStyles).toContain('disabled');

  const appKeyframes = system._config.theme?.keyframes ?? {};
  expect(keyframes.filter((name) => !(name in appKeyframes))).toEqual([]);
  for (const [name, frames] of Object.entries(appKeyframes)) {
    expect([name, frames]).toEqual([name, chakraTheme.keyframes[name]]);
  }
  const appLayerStyles = system._config.theme?.layerStyles ?? {};
  expect(layerStyles.filter((name) => !(name in appLayerStyles))).toEqual([]);
  for (const [name, style] of Object.entries(appLayerStyles)) {
    expect([name, style]).toEqual([name, chakraTheme.layerStyles[name]]);
  }
});
