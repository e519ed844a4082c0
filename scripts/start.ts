import path from 'node:path';
import { stopOnSignals } from '../server/stop-on-signals';
import { startLocalStack } from './stack/local-stack';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
// `npm start -- --production`: the production bundle (service worker and all) instead of live reload.
const webMode = process.argv.includes('--production') ? 'production' : 'development';

async function main() {
  const dataDir = process.env.DATA_DIR ?? '.data';
  const stack = await startLocalStack({
    webPort: port('PORT', 8080),
    apiPort: port('API_PORT', 8000),
    emulatorPort: port('AUTH_EMULATOR_PORT', 9099),
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    webMode,
    supportEmail: process.env.SUPPORT_EMAIL,
    seedDemo: { inviteCode: process.env.DEMO_INVITE_CODE || undefined },
  });
  const demo = stack.demo!;

  console.log(`
Kerbside is running.
  Web app         ${stack.webUrl} (${webMode} bundle)
  API host        ${stack.apiUrl}/api/v1/
  Auth emulator   ${stack.emulatorHost} (project demo-kerbside, offline)
  Data            ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : dataDir}
  Mail            ${process.env.SMTP_URL ? 'SMTP (SMTP_URL)' : `${path.join(dataDir, 'outbox')} (links also printed here)`}

Demo invite code  ${demo.inviteCode}
Demo resident     ${demo.email} / ${demo.password}${demo.created ? '' : ' (already seeded)'}

The emulator forgets its accounts when it stops; the resident signs in again all the same.
Press Ctrl-C to stop everything.`);

  stopOnSignals(() => '\nStopping Kerbside…', stack.stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
