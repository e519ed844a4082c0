import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
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
  visitorBookingSchema,
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
  /**
   * An invite code with two uses left: the suite registers two residents with it, the second to
   * check that one resident cannot change another's permits.
   */
  inviteCode: string;
  /** How the identity provider turns the host's custom token into an ID token. */
  identity: { emulatorHost?: string; apiKey?: string };
  /** How long the suite waits for one answer before it records the call as failed (30 s). */
  timeoutMs?: number;
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
  /** Why no answer came: the wait ran out, or the connection failed. */
  noAnswer?: string;
}

/** How a failure's line starts: the status, or why there was none. */
const answered = (answer: Answer) => answer.noAnswer ?? `answered ${answer.status}`;

const refusalSchemas = [fieldErrorsSchema, detailErrorSchema] as const;

/** A password that meets the rule of docs/contract.md §9. */
const residentPassword = `Conform${randomUUID().slice(0, 8)}9A`;

/** The statuses of a host without an optional capability (docs/contract.md, "Visitor passes"). */
const notOfferedStatuses: readonly number[] = [404, 405, 501];

export async function runConformance(options: ConformanceOptions): Promise<ConformanceCheck[]> {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const checks: ConformanceCheck[] = [];
  /** The ID tokens of the resident the suite walks as, and of a second one. */
  const idTokens: { resident: string | null; other: string | null } = {
    resident: null,
    other: null,
  };

  /** Sends a call as the resident, as the other resident, or with no token (`as: null`). */
  const send = async (
    method: string,
    path: string,
    body?: unknown,
    as: keyof typeof idTokens | null = 'resident',
  ): Promise<Answer> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const idToken = as === null ? null : idTokens[as];
    if (idToken) headers.authorization = `Bearer ${idToken}`;
    let response: Response;
    let text: string;
    try {
      // A host that never answers fails its call, rather than holding a council's CI run.
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        body:
          body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      return {
        status: 0,
        body: undefined,
        noAnswer: timedOut
          ? `no answer within ${timeoutMs / 1000} s`
          : `no answer: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
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
        `${answered(answer)}, expected ${statuses.join(' or ')}: ${preview(answer.body)}`,
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

  /**
   * A refusal: a 4xx, never a 5xx, whose body is field errors (at least one) or a detail. A 429
   * says only that the host stopped listening, not that it read the input.
   */
  const expectRefusal = (call: string, check: string, answer: Answer) => {
    if (answer.status === 429) {
      record(call, check, 'answered 429: throttled, the input was not judged');
      return;
    }
    if (answer.status < 400 || answer.status >= 500) {
      record(call, check, `${answered(answer)}, expected a 4xx refusal: ${preview(answer.body)}`);
      return;
    }
    const saysWhy =
      typeof answer.body === 'object' &&
      answer.body !== null &&
      Object.keys(answer.body).length > 0;
    if (!saysWhy || !refusalSchemas.some((schema) => schema.safeParse(answer.body).success)) {
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

  // Bad input, sent to every call that takes a body.
  // Longer than any field may be, yet the whole body under 64 KiB, the reference host's limit.
  const long = 'x'.repeat(1_000);
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
        language: 13,
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
        language: long,
      },
    ],
    ['only unknown keys', { unknown_key: 'x', another: 1 }],
    ['a list, not an object', [1, 2, 3]],
    ['broken JSON', '{"email": '],
  ];
  /** Each bad body sent to `method path`: a 4xx in the contract's shapes, never a 5xx. */
  const expectBadInputRefused = async (method: string, path: string) => {
    const name = `${method} ${path.replace(/\/permits\/\d+\//, '/permits/{id}/')}`;
    for (const [what, body] of badBodies) {
      // An update with no fields changes nothing, so it may be taken; every other bad body is refused.
      if (name.endsWith('full_update/') && (what === 'no fields' || what === 'only unknown keys'))
        continue;
      expectRefusal(name, `refuses ${what}`, await send(method, path, body));
    }
  };

  // Site settings, before anyone signs in.
  const settings: SiteSettings = (await call(
    'GET',
    '/api/v1/site-settings/',
    'answers the site settings',
    [200],
    siteSettingsSchema,
  )) ?? { can_add_reference: false, can_schedule_permits: false, default_end_date_limit_hours: 0 };

  /** Registers and signs in a new resident; their ID token, or null (recorded as a failure). */
  const signUp = async (email: string, who: string): Promise<string | null> => {
    const registered = await call(
      'POST',
      '/api/v1/auth/register/',
      `registers ${who} (${email}) with the invite code`,
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
      `signs ${who} in`,
      [200],
      tokenResponseSchema,
      { email, password: residentPassword },
    );
    const customToken = loggedIn?.custom_token ?? registered?.custom_token;
    if (!customToken) {
      record(
        'POST /api/v1/auth/login/',
        'answers a custom token',
        `no custom_token came back for ${who}: nothing they do signed in can be checked`,
      );
      return null;
    }
    return exchangeCustomToken(customToken, options.identity, timeoutMs);
  };

  // A new resident.
  const email = `conformance.${randomUUID()}@example.com`;
  idTokens.resident = await signUp(email, 'a resident');
  if (!idTokens.resident) return checks;

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

  // A permit, found, refused a twin, and cancelled.
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
  const rowsOf = (body: z.output<typeof permitListBodySchema>) =>
    Array.isArray(body) ? body : body.results;
  /** The resident's permits the list answers for `query`, or undefined (recorded). */
  const list = async (query: string, check: string) => {
    const body = await call('GET', `/api/v1/permits/?${query}`, check, [200], permitListBodySchema);
    return body === undefined ? undefined : rowsOf(body);
  };
  const listCall = 'GET /api/v1/permits/';
  const today = london.toISODate();
  const found = await list(
    `search=${vrm}&start_date=${today}&end_date=${today}&page=1`,
    'finds the permit by its registration, among today’s',
  );
  if (found && !found.some((permit) => permit.vrm === vrm)) {
    record(listCall, 'lists the permit just created', `no row with vrm ${vrm}`);
  }
  const none = await list(`search=${vrm}ZZ&page=1`, 'searches for a registration nobody has');
  if (none && none.length > 0) {
    record(listCall, 'lists nothing for a registration nobody has', `${none.length} rows came`);
  }
  const statuses = ['ACTIVE', 'SCHEDULED', 'QUEUED'].map((status) => `status=${status}`).join('&');
  await list(`${statuses}&page=1`, 'filters by status');

  if (created) {
    // The same vehicle at the same time again: refused, in the words the web app knows
    // (docs/contract.md §8), which it turns into its own message.
    const twin = await send('POST', '/api/v1/permits/', {
      ...payload,
      ...(settings.can_add_reference ? { reference_label: `Conformance ${vrm}T` } : {}),
    });
    const overlap = 'A permit for this VRM and time already exists';
    if (twin.status !== 400 || !JSON.stringify(twin.body).includes(overlap)) {
      record(
        'POST /api/v1/permits/',
        'refuses a second permit for the same vehicle and time',
        `${answered(twin)}, expected 400 saying "${overlap}": ${preview(twin.body)}`,
      );
    } else record('POST /api/v1/permits/', 'refuses a second permit for the same vehicle and time');
    // Bad input to an update while the permit is live: once cancelled, a host may refuse any
    // change before it reads the body, which would hide how it reads a live permit's.
    await expectBadInputRefused('PATCH', `/api/v1/permits/${created.id}/full_update/`);
  }

  /** A change the resident makes from a permit's row: a 2xx without an error flag. */
  const change = async (
    method: string,
    action: string,
    id: number,
    check: string,
    body?: unknown,
  ) => {
    const callName = `${method} /api/v1/permits/{id}/${action}/`;
    const answer = await send(method, `/api/v1/permits/${id}/${action}/`, body);
    // Of a 2xx the web app reads only an update's error flag (src/api/permits-api.ts): the
    // permit, another body or none (204) is the change made.
    if (answer.status < 200 || answer.status > 299) {
      record(callName, check, `${answered(answer)}, expected a 2xx: ${preview(answer.body)}`);
      return false;
    }
    const flagged = permitUpdateAnswerSchema.safeParse(answer.body);
    if (flagged.success && flagged.data.error) {
      record(
        callName,
        check,
        `answered ${answer.status} with an error flag: ${preview(answer.body)}`,
      );
      return false;
    }
    record(callName, check);
    return true;
  };
  /**
   * The permit `id` as the list shows it on a search for its `registration`: null when it is not
   * listed, undefined when the list was not answered (recorded).
   */
  const listed = async (id: number, registration: string, check: string) => {
    const rows = await list(`search=${registration}&page=1`, check);
    return rows && (rows.find((permit) => permit.id === id) ?? null);
  };
  /** Checks that the list shows the permit `id` in one of `statuses` (after a change). */
  const expectStatus = async (
    id: number,
    registration: string,
    allowed: string[],
    check: string,
  ) => {
    const row = await listed(id, registration, `lists the permit ${check}`);
    if (row !== undefined && !allowed.includes(row?.status ?? '')) {
      record(
        listCall,
        `shows the permit ${check} as ${allowed.join(' or ')}`,
        `its status is ${row?.status ?? '(not listed)'}`,
      );
    }
  };
  const cancelled = ['CANCEL_PENDING', 'CANCELLED'];

  if (created && (await change('POST', 'cancel', created.id, 'cancels the permit'))) {
    await expectStatus(created.id, vrm, cancelled, 'cancelled');
    const listedCancelled = await list(
      `status=CANCEL_PENDING&status=CANCELLED&search=${vrm}&page=1`,
      'filters by the cancelled statuses',
    );
    if (listedCancelled && !listedCancelled.some((permit) => permit.id === created.id)) {
      record(
        listCall,
        'lists the cancelled permit under its status',
        `no row with id ${created.id}`,
      );
    }
  }

  // A second resident: another's permits are not theirs to change (404, as for no permit).
  const other = await signUp(`conformance.${randomUUID()}@example.com`, 'a second resident');
  idTokens.other = other;

  if (settings.can_schedule_permits) {
    const scheduledVrm = `${vrm}S`;
    const scheduled = await call(
      'POST',
      '/api/v1/permits/',
      'schedules a permit',
      [201, 202],
      permitSchema,
      {
        ...payload,
        ...(settings.can_add_reference ? { reference_label: `Conformance ${vrm}S` } : {}),
        vrm: scheduledVrm,
        start_ts: wallTime(london.plus({ days: 2 })),
        end_ts:
          settings.default_end_date_limit_hours > 0
            ? null
            : wallTime(london.plus({ days: 2, hours: 2 })),
      },
    );
    if (scheduled) {
      if (other) await expectNotTheirs(scheduled.id, scheduledVrm);
      // What the Update dialog sends a scheduled permit: its end, or on a site whose permits
      // end by themselves, its start (docs/contract.md §6).
      await change(
        'PATCH',
        'full_update',
        scheduled.id,
        'changes the scheduled permit',
        settings.default_end_date_limit_hours > 0
          ? { start_ts: wallTime(london.plus({ days: 2, hours: 1 })) }
          : { end_ts: wallTime(london.plus({ days: 2, hours: 3 })) },
      );
      if (await change('POST', 'activate', scheduled.id, 'activates the scheduled permit')) {
        await expectStatus(
          scheduled.id,
          scheduledVrm,
          ['ACTIVE', 'QUEUED', 'UPDATE_PENDING'],
          'set live',
        );
      }
      // Nothing the suite made stays live at the council's provider.
      if (await change('POST', 'cancel', scheduled.id, 'cancels the live permit')) {
        await expectStatus(scheduled.id, scheduledVrm, cancelled, 'cancelled once live');
      }
    }
  } else if (created && other) {
    await expectNotTheirs(created.id, vrm);
  }

  /**
   * The second resident's activate, cancel and update of the resident's permit `id`: each 404,
   * and the permit as it was.
   */
  async function expectNotTheirs(id: number, registration: string) {
    const before = await listed(id, registration, 'lists the permit');
    await expectChangesRefused(id, 'answers 404 to another resident', 'other', { end_ts: null });
    const after = await listed(id, registration, 'lists the permit');
    if (before && JSON.stringify(after) !== JSON.stringify(before)) {
      record(listCall, 'keeps the permit as it was after another resident’s tries', preview(after));
    }
  }

  // Permits that do not exist.
  await expectChangesRefused(
    2147483000,
    'answers 404 for a permit that does not exist',
    'resident',
    {},
  );

  /** Activate, cancel and update of the permit `id`, sent `as` someone: each answered 404. */
  async function expectChangesRefused(
    id: number,
    check: string,
    as: keyof typeof idTokens,
    update: unknown,
  ) {
    for (const [method, action] of [
      ['POST', 'activate'],
      ['POST', 'cancel'],
      ['PATCH', 'full_update'],
    ] as const) {
      expectAnswer(
        `${method} /api/v1/permits/{id}/${action}/`,
        check,
        await send(
          method,
          `/api/v1/permits/${id}/${action}/`,
          method === 'PATCH' ? update : undefined,
          as,
        ),
        [404],
        detailErrorSchema,
      );
    }
  }

  // Optional capabilities: present and of the contract's shape, or absent (404, 405 or 501).
  const emailPreferences = '/api/v1/me/email-preferences/';
  const language = '/api/v1/me/language/';
  const emailVerification = '/api/v1/me/email-verification/';
  const passes = '/api/v1/visitor-passes/';
  /** Each optional capability's call that changes something, beside its GET. */
  const writeOf = (path: string) =>
    path === emailPreferences || path === language ? ('PUT' as const) : ('POST' as const);
  const present = new Set<string>();
  for (const [path, schema] of [
    [emailPreferences, emailPreferencesSchema],
    [language, languagePreferenceSchema],
    [emailVerification, emailVerificationSchema],
    [passes, visitorPassListSchema],
  ] as const) {
    const answer = await send('GET', path);
    if (notOfferedStatuses.includes(answer.status)) {
      record(`GET ${path}`, `is absent (optional, ${answer.status})`);
    } else if (
      expectAnswer(`GET ${path}`, 'answers (optional capability)', answer, [200], schema)
    ) {
      present.add(path);
    }
  }

  // The resident's own settings, where the host has them: changed, and read back as changed.
  if (present.has(emailPreferences)) {
    await expectSettingKept(
      emailPreferences,
      emailPreferencesSchema,
      { confirmations: false, reminders: true },
      'the e-mail preferences',
    );
  }
  if (present.has(language)) {
    await expectSettingKept(language, languagePreferenceSchema, { language: 'cy' }, 'the language');
  }
  if (present.has(emailVerification)) {
    const sent = await send('POST', emailVerification);
    const verification = expectAnswer(
      `POST ${emailVerification}`,
      'mails the confirmation link again (optional)',
      sent,
      [200, 202],
      emailVerificationSchema,
    );
    if (verification && verification.verified !== (sent.status === 200)) {
      record(
        `POST ${emailVerification}`,
        'answers 202 while the address is unconfirmed, 200 once it is confirmed',
        `answered ${sent.status} with ${preview(verification)}`,
      );
    }
  }

  /** A PUT of `wanted` to the setting at `path`: answered, and read back, as `wanted`. */
  async function expectSettingKept<Schema extends z.ZodType>(
    path: string,
    schema: Schema,
    wanted: z.output<Schema>,
    what: string,
  ) {
    const changed = expectAnswer(
      `PUT ${path}`,
      `changes ${what} (optional)`,
      await send('PUT', path, wanted),
      [200],
      schema,
    );
    if (changed !== undefined && !isDeepStrictEqual(changed, wanted)) {
      record(`PUT ${path}`, `answers ${what} as changed`, preview(changed));
    }
    const read = expectAnswer(
      `GET ${path}`,
      `answers ${what} as changed (optional)`,
      await send('GET', path),
      [200],
      schema,
    );
    if (read !== undefined && !isDeepStrictEqual(read, wanted)) {
      record(`GET ${path}`, `keeps ${what} as changed`, preview(read));
    }
  }

  // Visitor passes, where the host has them: a pass, sent again under its key, the invitation
  // its link shows without a token, and once the pass is withdrawn the one answer of a link that
  // cannot be used. The pass is withdrawn whatever else fails.
  if (present.has(passes)) {
    const passBody = {
      name: 'Conformance',
      valid_from: wallTime(london),
      valid_until: wallTime(london.plus({ days: 1 })),
      create_key: randomUUID(),
    };
    const first = await send('POST', passes, passBody);
    const pass = expectAnswer(
      `POST ${passes}`,
      'creates a visitor pass (optional)',
      first,
      [201],
      visitorPassCreatedSchema,
    );
    const again = pass
      ? expectAnswer(
          `POST ${passes}`,
          'answers a pass sent again under its create_key with the same pass (optional)',
          await send('POST', passes, passBody),
          [201],
          visitorPassCreatedSchema,
        )
      : undefined;
    if (pass && again && again.id !== pass.id) {
      record(
        `POST ${passes}`,
        'makes one pass of one create_key',
        `ids ${pass.id} and ${again.id}`,
      );
    }
    const visit = 'GET /api/v1/visitor-passes/visit/{token}/';
    const link = (token: string) => `/api/v1/visitor-passes/visit/${encodeURIComponent(token)}/`;
    if (pass && again) {
      expectAnswer(
        visit,
        'answers 404 for the link of a pass sent again (optional)',
        await send('GET', link(pass.token), undefined, null),
        [404],
        detailErrorSchema,
      );
      expectAnswer(
        visit,
        'shows the invitation, without a token (optional)',
        await send('GET', link(again.token), undefined, null),
        [200],
        visitorInvitationSchema,
      );
    }
    if (again) await walkBooking(again.token);
    // Every pass made, even one whose answer was not of the contract's shape.
    const madeIds = new Set(
      [(first.body as { id?: unknown } | undefined)?.id, again?.id].filter(
        (id): id is number => typeof id === 'number',
      ),
    );
    for (const id of madeIds) {
      expectAnswer(
        'POST /api/v1/visitor-passes/{id}/withdraw/',
        'withdraws the pass (optional)',
        await send('POST', `/api/v1/visitor-passes/${id}/withdraw/`),
        [200],
        visitorPassSchema,
      );
    }
    if (again) {
      const withdrawn = expectAnswer(
        visit,
        'answers 404 for a withdrawn pass (optional)',
        await send('GET', link(again.token), undefined, null),
        [404],
        detailErrorSchema,
      );
      if (withdrawn && withdrawn.detail !== visitorPassUnusableMessage) {
        record(visit, 'says the link cannot be used', `detail is "${withdrawn.detail}"`);
      }
    }
  }

  /**
   * A visitor's booking on the link `token`, sent again under its `booking_key` after its answer
   * (the same booking, 200, though the pass of one use is spent), and followed; then cancelled by
   * the resident, so that nothing stays live.
   */
  async function walkBooking(token: string) {
    const link = `/api/v1/visitor-passes/visit/${encodeURIComponent(token)}`;
    const book = 'POST /api/v1/visitor-passes/visit/{token}/book/';
    const visitorVrm = `${vrm}V`;
    const body = {
      vrm: visitorVrm,
      make: 'Ford',
      model: 'Focus',
      colour: 'Blue',
      start_ts: wallTime(london.plus({ hours: 1 })),
      end_ts:
        settings.default_end_date_limit_hours > 0 ? null : wallTime(london.plus({ hours: 2 })),
      booking_key: randomUUID(),
    };
    const booked = expectAnswer(
      book,
      'books parking on the link (optional)',
      await send('POST', `${link}/book/`, body, null),
      [201],
      visitorBookingSchema,
    );
    if (!booked) return;
    const again = expectAnswer(
      book,
      'answers a booking sent again under its booking_key with that booking (optional)',
      await send('POST', `${link}/book/`, body, null),
      [200],
      visitorBookingSchema,
    );
    if (again && again.reference_no !== booked.reference_no) {
      record(
        book,
        'books once for one booking_key',
        `${booked.reference_no}, then ${again.reference_no}`,
      );
    }
    expectAnswer(
      'GET /api/v1/visitor-passes/visit/{token}/bookings/{reference_no}/',
      'follows the booking (optional)',
      await send(
        'GET',
        `${link}/bookings/${encodeURIComponent(booked.reference_no)}/`,
        undefined,
        null,
      ),
      [200],
      visitorBookingSchema,
    );
    const permits = await list(`search=${visitorVrm}&page=1`, 'lists the visitor’s permit');
    for (const permit of permits?.filter((row) => row.vrm === visitorVrm) ?? []) {
      await change('POST', 'cancel', permit.id, 'cancels the visitor’s permit');
    }
  }

  for (const [method, path] of [
    ['POST', '/api/v1/auth/login/'],
    ['POST', '/api/v1/auth/register/'],
    ['POST', '/api/v1/auth/password-reset/'],
    ['POST', '/api/v1/auth/password-reset-confirm/'],
    ['POST', '/api/v1/auth/change-password/'],
    ['POST', '/api/v1/permits/'],
    // Optional: only where the host has them.
    ...[emailPreferences, language, passes]
      .filter((path) => present.has(path))
      .map((path) => [writeOf(path), path] as const),
  ] as const) {
    await expectBadInputRefused(method, path);
  }
  // The web app tolerates any answer to logout (docs/contract.md §7); a 5xx is still a fault.
  const logout = await send('POST', '/api/v1/auth/logout/');
  record(
    'POST /api/v1/auth/logout/',
    'does not fail',
    logout.status >= 500 || logout.noAnswer ? answered(logout) : undefined,
  );
  // The resident's token has not been revoked by logout (the provider owns sessions), so the
  // unauthenticated checks send none. Exactly 401: the web app refreshes the token or signs the
  // resident out on a 401 only (docs/contract.md §7).
  for (const [method, path] of [
    ['GET', '/api/v1/auth/profile/'],
    ['GET', '/api/v1/permits/'],
    ['GET', '/api/v1/permits/permit_cap_info/'],
    ['POST', '/api/v1/permits/'],
    ['POST', `/api/v1/permits/${created?.id ?? 2147483000}/activate/`],
    ['POST', `/api/v1/permits/${created?.id ?? 2147483000}/cancel/`],
    ['PATCH', `/api/v1/permits/${created?.id ?? 2147483000}/full_update/`],
    ['POST', '/api/v1/auth/change-password/'],
    ...[...present].flatMap((path) => [['GET', path] as const, [writeOf(path), path] as const]),
  ] as const) {
    const answer = await send(method, path, method === 'GET' ? undefined : {}, null);
    expectAnswer(
      `${method} ${path.replace(/\/permits\/\d+\//, '/permits/{id}/')}`,
      'refuses a request without a token (401)',
      answer,
      [401],
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
  timeoutMs: number,
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
      signal: AbortSignal.timeout(timeoutMs),
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

/**
 * The start of an answer's body for a failure's line, its tokens left out: a council's CI log
 * must not hold a visitor link's token or a custom token that signs the test resident in.
 */
function preview(body: unknown): string {
  const text =
    typeof body === 'string'
      ? body
      : JSON.stringify(body, (key, value: unknown) =>
          /token/i.test(key) && typeof value === 'string' ? '(left out)' : value,
        );
  return (text ?? '(no body)').slice(0, 200);
}

function issuesOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}
