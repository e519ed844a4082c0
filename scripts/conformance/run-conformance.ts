import { parseArgs } from 'node:util';
import { runConformance } from './conformance';

/**
 * npm run conformance -- --base-url URL --invite-code CODE [--auth-emulator-host HOST:PORT |
 * --firebase-api-key KEY]: checks an API host against the /api/v1 contract (docs/api/README.md).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      'invite-code': { type: 'string' },
      'auth-emulator-host': { type: 'string' },
      'firebase-api-key': { type: 'string' },
    },
  });
  const baseUrl = values['base-url'];
  const inviteCode = values['invite-code'] ?? process.env.KERBSIDE_CONFORMANCE_INVITE_CODE;
  const emulatorHost = values['auth-emulator-host'] ?? process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const apiKey = values['firebase-api-key'] ?? process.env.FIREBASE_API_KEY;
  if (!baseUrl || !inviteCode || (!emulatorHost && !apiKey)) {
    console.error(
      'Usage: npm run conformance -- --base-url URL --invite-code CODE ' +
        '(--auth-emulator-host HOST:PORT | --firebase-api-key KEY). See docs/api/README.md.',
    );
    process.exit(2);
  }
  console.log(
    `Checking ${baseUrl} as two new residents: it makes permits (cancelled before it ends) and, ` +
      'where the host has them, visitor passes (withdrawn), changes e-mail settings and asks for ' +
      'a confirmation mail. Run it against a test environment.\n',
  );
  const checks = await runConformance({ baseUrl, inviteCode, identity: { emulatorHost, apiKey } });
  for (const check of checks) {
    const mark = check.passed ? 'pass' : 'FAIL';
    console.log(
      `${mark}  ${check.call}  ${check.check}${check.problem ? `\n      ${check.problem}` : ''}`,
    );
  }
  const failed = checks.filter((check) => !check.passed);
  console.log(
    `\n${checks.length - failed.length} of ${checks.length} checks passed against ${baseUrl}.`,
  );
  if (failed.length > 0) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
