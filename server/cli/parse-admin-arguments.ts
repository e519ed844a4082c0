import { parseArgs } from 'node:util';
import {
  defaultDemoInviteCode,
  defaultPermitLimit,
  type AdminCommand,
} from '../admin/admin-command';

export const adminUsage = `Usage: npm run admin -- <command>

  invite create [--code CODE] [--uses N|unlimited] [--permit-limit N]
                                        new invite code (default: random code, 1 use,
                                        permit limit ${defaultPermitLimit})
  settings set can_add_reference <true|false>
  settings set can_schedule_permits <true|false>
  settings set default_end_date_limit_hours <hours>   (0: residents pick the end)
  cap set <monthly|quarterly> <n>       activations per resident per calendar month or
                                        quarter in London (0: no cap)
  user set-limit <email> <n>            concurrent-permit limit of a resident
  user disable <email>                  the resident can no longer sign in
  user enable <email>
  demo seed                             demo invite code and demo resident (idempotent)

Acts on DATA_DIR (default .data) or DATABASE_URL, whether or not the API host is running.`;

/** A command line that does not name a valid command; the CLI prints it with the usage. */
export class UsageError extends Error {
  override name = 'UsageError';
}

function wholeNumber(text: string | undefined, what: string, minimum = 0): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < minimum) {
    const range = minimum > 0 ? ` of at least ${minimum}` : '';
    throw new UsageError(`${what} must be a whole number${range}, got ${text ?? 'nothing'}.`);
  }
  return Number(text);
}

function yesOrNo(text: string | undefined, what: string): boolean {
  const value = text?.toLowerCase();
  if (value === 'true' || value === 'yes' || value === 'on' || value === '1') return true;
  if (value === 'false' || value === 'no' || value === 'off' || value === '0') return false;
  throw new UsageError(`${what} must be true or false, got ${text ?? 'nothing'}.`);
}

function settingCommand(key: string | undefined, value: string | undefined): AdminCommand {
  switch (key) {
    case 'can_add_reference':
    case 'can_schedule_permits':
      return { command: 'settings.set', setting: { key, value: yesOrNo(value, key) } };
    case 'default_end_date_limit_hours':
      return { command: 'settings.set', setting: { key, value: wholeNumber(value, key) } };
    default:
      throw new UsageError(`Unknown site setting ${key ?? '(none)'}.`);
  }
}

function expectArguments(rest: string[], count: number, usage: string): void {
  if (rest.length !== count) throw new UsageError(`Usage: ${usage}`);
}

/** Turns `npm run admin -- …` arguments into an admin command. */
export function parseAdminArguments(argv: string[]): AdminCommand {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      code: { type: 'string' },
      uses: { type: 'string' },
      'permit-limit': { type: 'string' },
    },
  });
  const [group, action, ...rest] = positionals;
  const hasInviteOptions = Object.keys(values).length > 0;
  if (hasInviteOptions && `${group} ${action}` !== 'invite create') {
    throw new UsageError('--code, --uses and --permit-limit belong to "invite create".');
  }
  switch (`${group} ${action}`) {
    case 'invite create':
      expectArguments(
        rest,
        0,
        'invite create [--code CODE] [--uses N|unlimited] [--permit-limit N]',
      );
      return {
        command: 'invite.create',
        code: values.code,
        uses: values.uses === 'unlimited' ? null : wholeNumber(values.uses ?? '1', '--uses', 1),
        permitLimit: wholeNumber(
          values['permit-limit'] ?? String(defaultPermitLimit),
          '--permit-limit',
        ),
      };
    case 'settings set':
      expectArguments(rest, 2, 'settings set <key> <value>');
      return settingCommand(rest[0], rest[1]);
    case 'cap set': {
      expectArguments(rest, 2, 'cap set <monthly|quarterly> <n>');
      const [type, limit] = rest;
      if (type !== 'monthly' && type !== 'quarterly') {
        throw new UsageError(`The cap period must be monthly or quarterly, got ${type}.`);
      }
      return { command: 'cap.set', type, limit: wholeNumber(limit, 'The cap') };
    }
    case 'user set-limit':
      expectArguments(rest, 2, 'user set-limit <email> <n>');
      return {
        command: 'user.set-limit',
        email: rest[0] ?? '',
        limit: wholeNumber(rest[1], 'The limit'),
      };
    case 'user disable':
    case 'user enable':
      expectArguments(rest, 1, `user ${action} <email>`);
      return {
        command: action === 'disable' ? 'user.disable' : 'user.enable',
        email: rest[0] ?? '',
      };
    case 'demo seed':
      expectArguments(rest, 0, 'demo seed');
      return {
        command: 'demo.seed',
        inviteCode: process.env.DEMO_INVITE_CODE || defaultDemoInviteCode,
      };
    default:
      throw new UsageError(`Unknown command: ${positionals.join(' ') || '(none)'}.`);
  }
}
