import fs from 'node:fs';
import path from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { system } from '../../../src/shell/system';

/** Every name the app's source imports from Chakra. */
function chakraImports(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return chakraImports(file);
    if (!/\.tsx?$/.test(entry.name)) return [];
    const source = fs.readFileSync(file, 'utf8');
    return [...source.matchAll(/import\s*{([^}]*)}\s*from\s*'@chakra-ui\/react'/g)].flatMap(
      ([, names]) =>
        names!
          .split(',')
          .map((name) => name.replace(/^\s*type\s+/, '').trim())
          .filter(Boolean),
    );
  });
}

const recipeKey = (component: string) => component[0]!.toLowerCase() + component.slice(1);

// The app's system carries only the recipes of the components it renders (src/shell/system.ts):
// a component whose recipe is missing renders unstyled, which no other test would notice.
test('every Chakra component the app imports has its recipe in the app’s design system', () => {
  const styledComponents = [...new Set(chakraImports(path.resolve(__dirname, '../../../src')))]
    .map(recipeKey)
    .filter((key) => defaultSystem.hasRecipe(key));
  expect(styledComponents).toEqual(expect.arrayContaining(['button', 'menu', 'table']));
  expect(styledComponents.filter((key) => !system.hasRecipe(key))).toEqual([]);
});
