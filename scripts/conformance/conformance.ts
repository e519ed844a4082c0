import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import {
  passwordChangeResultSchema,
  profileSchema,
  tokenResponseSchema,
} from '../../contract/auth';
import { emailPreferencesSchema } from '../../contract/email-preferences';
import { emailVerificationSchema } from '../../contract/email-verification';
import { detailErrorSchema, fieldErrorsSchema } from '../../contract/errors';
import { languagePreferenceSchema } from '../../contract/language';
import {
  permitUpdateAnswerSchema,
  permitCapInfoSchema,
  permitListBodySchema,
  permitSchema,
  type Permit,
  type PermitCreatePayload,
} from '../../contract/permit';
import { siteSettingsSchema, type SiteSettings } from '../../contract/site-settings';
import {
  visitorInvitationSchema,
  visitorPassCreatedSchema,
  visitorPassListSchema,
  visitorPassSchema,
  visitorPassUnusableMessage,
} from '../../contract/visitor-pass';

/**
 * The conformance suite: walks every call of the /api/v1 contract against an API host, as one
 * new resident, and checks each answer's status and body against the schemas in contract/; then
 * sends each call bad input (missing fields, wrong types, oversized strings, unknown keys, a body
 * that is not an object) and expects a 4xx in the contract's refusal shapes, never a 5xx.
 * `npm run conformance` runs it from the command line (docs/api/README.md).
 */

export interface ConformanceOptions {
  /** The API host, e.g. https://permits-api.example.gov.uk (no /api/v1). */
  baseUrl: string;
  /** An invite code with a use left: the suite registers one resident with it. */
  inviteCode: string;
  /** How the identity provider turns the host's custom token into an ID token. */
  identity: { emulatorHost?: string; apiKey?: string };
}

export interface ConformanceCheck {
  /** The call, as `METHOD /api/v1/path/`. */
  call: string;
  /** What was sent or checked. */
  check: string;
  passed: boolean;
  /** Why it failed. */
  problem?: string;
}

interface Answer {
  status: number;
  body: unknown;
}

const refusalSchemas = [fieldErrorsSchema, detailErrorSchema] as const;

/** A password that meets the rule of docs/contract.md §9. */
const residentPassword = `Conform${randomUUID().slice(0, 8)}9A`;

export async function runConformance(options: ConformanceOptions): Promise<ConformanceCheck[]> {
  const base = options.baseUrl.replace(/\/+$/, '');
  const checks: ConformanceCheck[] = [];
  let idToken: string | null = null;

  const send = async (
    method: string,
    path: string,
    body?: unknown,
    authenticated = true,
  ): Promise<Answer> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (authenticated && idToken) headers.authorization = `Bearer ${idToken}`;
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the schema checks say so.
    }
    return { status: response.status, body: parsed };
  };

  const record = (call: string, check: string, problem?: string) => {
    checks.push({ call, check, passed: problem === undefined, problem });
  };

  /** Checks an answer's status and body; returns the body as the schema reads it, or undefined. */
  const expectAnswer = <Schema extends z.ZodType>(
    call: string,
    check: string,
    answer: Answer,
    statuses: number[],
    schema: Schema,
  ): z.output<Schema> | undefined => {
    if (!statuses.includes(answer.status)) {
      record(
        call,
        check,
        `answered ${answer.status}, expected ${statuses.join(' or ')}: ${preview(answer.body)}`,
      );
      return undefined;
    }
    const read = schema.safeParse(answer.body);
    if (!read.success) {
      record(call, check, `the body is not of the contract's shape: ${issuesOf(read.error)}`);
      return undefined;
    }
    record(call, check);
    return read.data;
  };

  /** A refusal: a 4xx, never a 5xx, whose body is field errors or a detail. */
  const expectRefusal = (call: string, check: string, answer: Answer) => {
    if (answer.status < 400 || answer.status >= 500) {
      record(
        call,
        check,
        `answered ${answer.status}, expected a 4xx refusal: ${preview(answer.body)}`,
      );
      return;
    }
    if (!refusalSchemas.some((schema) => schema.safeParse(answer.body).success)) {
      record(
        call,
        check,
        `the refusal is neither field errors nor a detail: ${preview(answer.body)}`,
      );
      return;
    }
    record(call, check);
  };

  const call = async <Schema extends z.ZodType>(
    method: string,
    path: string,
    check: string,
    statuses: number[],
    schema: Schema,
    body?: unknown,
  ) => expectAnswer(`${method} ${path}`, check, await send(method, path, body), statuses, schema);

  // Site settings, before anyone signs in.
  const settings: SiteSettings = (await call(
    'GET',
    '/api/v1/site-settings/',
    'answers the site settings',
    [200],
    siteSettingsSchema,
  )) ?? { can_add_reference: false, can_schedule_permits: false, default_end_date_limit_hours: 0 };

  // A new resident.
  const email = `conformance.${randomUUID()}@example.com`;
  const registered = await call(
    'POST',
    '/api/v1/auth/register/',
    'registers a resident with the invite code',
    [201, 200],
    tokenResponseSchema,
    {
      email,
      first_name: 'Conformance',
      last_name: 'Check',
      password: residentPassword,
      invite_code: options.inviteCode,
    },
  );
  const loggedIn = await call(
    'POST',
    '/api/v1/auth/login/',
    'signs the resident in',
    [200],
    tokenResponseSchema,
    { email, password: residentPassword },
  );
  const customToken = loggedIn?.custom_token ?? registered?.custom_token;
  if (!customToken) {
    record(
      'POST /api/v1/auth/login/',
      'answers a custom token',
      'no custom_token came back: nothing signed in can be checked',
    );
    return checks;
  }
  idToken = await exchangeCustomToken(customToken, options.identity);

  const profile = await call(
    'GET',
    '/api/v1/auth/profile/',
    'answers the profile',
    [200],
    profileSchema,
  );
  if (profile && profile.email.toLowerCase() !== email) {
    record(
      'GET /api/v1/auth/profile/',
      'is the signed-in resident’s',
      `email is ${profile.email}, not ${email}`,
    );
  }
  await call(
    'GET',
    '/api/v1/permits/permit_cap_info/',
    'answers the cap info',
    [200],
    permitCapInfoSchema,
  );
  await call('GET', '/api/v1/permits/', 'answers the (empty) list', [200], permitListBodySchema);

  // A permit, found, changed and cancelled.
  const vrm = `CF${randomUUID().replace(/\D/g, '').slice(0, 5)}`;
  const london = DateTime.now().setZone('Europe/London');
  const wallTime = (time: DateTime) => time.toFormat("yyyy-MM-dd'T'HH:mm:ss");
  const payload: PermitCreatePayload = {
    ...(settings.can_add_reference ? { reference_label: `Conformance ${vrm}` } : {}),
    vrm,
    make: 'Ford',
    model: 'Focus',
    colour: 'Blue',
    driver_first: 'Conformance',
    driver_last: 'Check',
    start_ts: wallTime(london),
    end_ts: settings.default_end_date_limit_hours > 0 ? null : wallTime(london.plus({ hours: 2 })),
  };
  const created: Permit | undefined = await call(
    'POST',
    '/api/v1/permits/',
    'creates a permit',
    [201, 202],
    permitSchema,
    payload,
  );
  const listed = await call(
    'GET',
    `/api/v1/permits/?search=${vrm}&page=1`,
    'finds the permit by its registration',
    [200],
    permitListBodySchema,
  );
  if (listed) {
    const rows = Array.isArray(listed) ? listed : listed.results;
    if (!rows.some((permit) => permit.vrm === vrm)) {
      record('GET /api/v1/permits/', 'lists the permit just created', `no row with vrm ${vrm}`);
    }
  }
  const statuses = ['ACTIVE', 'SCHEDULED', 'QUEUED'].map((status) => `status=${status}`).join('&');
  await call(
    'GET',
    `/api/v1/permits/?${statuses}&page=1`,
    'filters by status',
    [200],
    permitListBodySchema,
  );

  if (created) {
    const id = created.id;
    const update = await send('PATCH', `/api/v1/permits/${id}/full_update/`, {
      end_ts:
        settings.default_end_date_limit_hours > 0 ? null : wallTime(london.plus({ hours: 3 })),
    });
    checkActionAnswer(`PATCH /api/v1/permits/{id}/full_update/`, 'changes the end', update);
    checkActionAnswer(
      'POST /api/v1/permits/{id}/cancel/',
      'cancels the permit',
      await send('POST', `/api/v1/permits/${id}/cancel/`),
    );
  }
  if (settings.can_schedule_permits) {
    const scheduled = await call(
      'POST',
      '/api/v1/permits/',
      'schedules a permit',
      [201, 202],
      permitSchema,
      {
        ...payload,
        ...(settings.can_add_reference ? { reference_label: `Conformance ${vrm}S` } : {}),
        vrm: `${vrm}S`,
        start_ts: wallTime(london.plus({ days: 2 })),
        end_ts:
          settings.default_end_date_limit_hours > 0
            ? null
            : wallTime(london.plus({ days: 2, hours: 2 })),
      },
    );
    if (scheduled) {
      checkActionAnswer(
        'POST /api/v1/permits/{id}/activate/',
        'activates the scheduled permit',
        await send('POST', `/api/v1/permits/${scheduled.id}/activate/`),
      );
    }
  }

  function checkActionAnswer(callName: string, check: string, answer: Answer) {
    // The provider may refuse a change while the permit is being processed: a refusal in the
    // contract's shape is an answer too.
    if (answer.status === 400) return expectRefusal(callName, `${check} (or refuses it)`, answer);
    // Of a 2xx the web app reads only an update's error flag (src/api/permits-api.ts): the
    // permit, another body or none (204) is the change made.
    if (answer.status < 200 || answer.status > 299) {
      record(callName, check, `answered ${answer.status}, expected a 2xx: ${preview(answer.body)}`);
      return;
    }
    const flagged = permitUpdateAnswerSchema.safeParse(answer.body);
    if (flagged.success && flagged.data.error) {
      record(
        callName,
        check,
        `answered ${answer.status} with an error flag: ${preview(answer.body)}`,
      );
      return;
    }
    record(callName, check);
  }

  // Permits that are not the resident's, or that do not exist.
  for (const [method, action] of [
    ['POST', 'activate'],
    ['POST', 'cancel'],
    ['PATCH', 'full_update'],
  ] as const) {
    const answer = await send(
      method,
      `/api/v1/permits/2147483000/${action}/`,
      method === 'PATCH' ? {} : undefined,
    );
    expectAnswer(
      `${method} /api/v1/permits/{id}/${action}/`,
      'answers 404 for a permit not the resident’s',
      answer,
      [404],
      detailErrorSchema,
    );
  }

  // Optional capabilities: present and of the contract's shape, or absent (404).
  const present = new Set<string>();
  for (const [path, schema] of [
    ['/api/v1/me/email-preferences/', emailPreferencesSchema],
    ['/api/v1/me/language/', languagePreferenceSchema],
    ['/api/v1/me/email-verification/', emailVerificationSchema],
    ['/api/v1/visitor-passes/', visitorPassListSchema],
  ] as const) {
    const answer = await send('GET', path);
    if (answer.status === 404) record(`GET ${path}`, 'is absent (optional)');
    else if (expectAnswer(`GET ${path}`, 'answers (optional capability)', answer, [200], schema))
      present.add(path);
  }

  // Visitor passes, where the host has them: a pass, the invitation its link shows without a
  // token, and once the pass is withdrawn the one answer of a link that cannot be used.
  if (present.has('/api/v1/visitor-passes/')) {
    const pass = await call(
      'POST',
      '/api/v1/visitor-passes/',
      'creates a visitor pass (optional)',
      [201],
      visitorPassCreatedSchema,
      {
        name: 'Conformance',
        valid_from: wallTime(london),
        valid_until: wallTime(london.plus({ days: 1 })),
      },
    );
    if (pass) {
      const visit = 'GET /api/v1/visitor-passes/visit/{token}/';
      const link = `/api/v1/visitor-passes/visit/${encodeURIComponent(pass.token)}/`;
      expectAnswer(
        visit,
        'shows the invitation, without a token (optional)',
        await send('GET', link, undefined, false),
        [200],
        visitorInvitationSchema,
      );
      expectAnswer(
        'POST /api/v1/visitor-passes/{id}/withdraw/',
        'withdraws the pass (optional)',
        await send('POST', `/api/v1/visitor-passes/${pass.id}/withdraw/`),
        [200],
        visitorPassSchema,
      );
      const withdrawn = expectAnswer(
        visit,
        'answers 404 for a withdrawn pass (optional)',
        await send('GET', link, undefined, false),
        [404],
        detailErrorSchema,
      );
      if (withdrawn && withdrawn.detail !== visitorPassUnusableMessage) {
        record(visit, 'says the link cannot be used', `detail is "${withdrawn.detail}"`);
      }
    }
  }

  // Bad input to every call that takes a body: 4xx in the contract's shapes, never 5xx.
  const long = 'x'.repeat(10_000);
  const badBodies: Array<[string, unknown]> = [
    ['no fields', {}],
    [
      'numbers for texts',
      {
        email: 1,
        password: 2,
        vrm: 3,
        make: 4,
        start_ts: 5,
        end_ts: 6,
        uid: 7,
        token: 8,
        current_password: 9,
        new_password: 10,
        confirmations: 'yes',
        reminders: 1,
        valid_from: 11,
        valid_until: 12,
        uses: 'three',
      },
    ],
    [
      'oversized texts',
      {
        email: `${long}@example.com`,
        password: long,
        first_name: long,
        last_name: long,
        invite_code: long,
        vrm: long,
        make: long,
        model: long,
        start_ts: long,
        end_ts: long,
        uid: long,
        token: long,
        current_password: long,
        new_password: long,
        name: long,
        valid_from: long,
        valid_until: long,
      },
    ],
    ['only unknown keys', { unknown_key: 'x', another: 1 }],
    ['a list, not an object', [1, 2, 3]],
    ['broken JSON', '{"email": '],
  ];
  const bodyCalls: Array<[string, string]> = [
    ['POST', '/api/v1/auth/login/'],
    ['POST', '/api/v1/auth/register/'],
    ['POST', '/api/v1/auth/password-reset/'],
    ['POST', '/api/v1/auth/password-reset-confirm/'],
    ['POST', '/api/v1/auth/change-password/'],
    ['POST', '/api/v1/permits/'],
    ['PATCH', `/api/v1/permits/${created?.id ?? 1}/full_update/`],
    // Optional: a host without visitor passes refuses with 404, which is a refusal too.
    ['POST', '/api/v1/visitor-passes/'],
  ];
  for (const [method, path] of bodyCalls) {
    const name = `${method} ${path.replace(/\/permits\/\d+\//, '/permits/{id}/')}`;
    for (const [what, body] of badBodies) {
      // An update with no fields changes nothing, so it may be taken; every other bad body is refused.
      if (name.endsWith('full_update/') && (what === 'no fields' || what === 'only unknown keys'))
        continue;
      expectRefusal(name, `refuses ${what}`, await send(method, path, body));
    }
  }
  // The web app tolerates any answer to logout (docs/contract.md §7); a 5xx is still a fault.
  const logout = await send('POST', '/api/v1/auth/logout/');
  record(
    'POST /api/v1/auth/logout/',
    'does not fail',
    logout.status < 500 ? undefined : `answered ${logout.status}`,
  );
  // The resident's token has not been revoked by logout (the provider owns sessions), so the
  // unauthenticated checks send none.
  for (const [method, path] of [
    ['GET', '/api/v1/auth/profile/'],
    ['GET', '/api/v1/permits/'],
    ['GET', '/api/v1/permits/permit_cap_info/'],
    ['POST', '/api/v1/permits/'],
    ['POST', '/api/v1/auth/change-password/'],
  ] as const) {
    const answer = await send(method, path, method === 'POST' ? {} : undefined, false);
    expectAnswer(
      `${method} ${path}`,
      'refuses a request without a token (401)',
      answer,
      [401, 403],
      detailErrorSchema,
    );
  }
  // So that the password change is checked last: it ends the resident's sessions.
  const newPassword = `${residentPassword}b`;
  await call(
    'POST',
    '/api/v1/auth/change-password/',
    'changes the password',
    [200],
    passwordChangeResultSchema,
    {
      current_password: residentPassword,
      new_password: newPassword,
    },
  );
  return checks;
}

/** The identity provider's sign-in with a custom token: the emulator's, or Firebase's with a key. */
async function exchangeCustomToken(
  customToken: string,
  identity: ConformanceOptions['identity'],
): Promise<string> {
  const origin = identity.emulatorHost
    ? `http://${identity.emulatorHost}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  const key = identity.apiKey ?? 'demo-api-key';
  const response = await fetch(
    `${origin}/v1/accounts:signInWithCustomToken?key=${encodeURIComponent(key)}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!body.idToken) {
    throw new Error(
      `The identity provider refused the host's custom token: ${body.error?.message ?? response.status}`,
    );
  }
  return body.idToken;
}

function preview(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return (text ?? '(no body)').slice(0, 200);
}

function issuesOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}
