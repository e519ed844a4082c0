import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../../contract/openapi';

/** Where the published document lives; test/server/openapi-document.test.ts keeps it in sync. */
export const committedOpenApiPath = path.resolve(__dirname, '../../docs/api/openapi.json');

/** The document as committed: two-space JSON with a final newline. */
export function openApiText(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}

if (require.main === module) {
  writeFileSync(committedOpenApiPath, openApiText());
  console.log(`Wrote ${path.relative(process.cwd(), committedOpenApiPath)}`);
}
