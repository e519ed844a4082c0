import { passwordResetMail } from '../../server/auth/password-reset-mail';
import { parseSiteDateTime } from '../../server/permits/parse-site-time';
import { planPermit } from '../../server/permits/create-permit';
import { permitCreatePayloadSchema } from '../../contract/permit';
import { toPermitCreatePayload } from '../../machines/permits/add-permit/to-permit-create-payload';
import { filledForm, plainSite } from '../../machines/permits/permit-form/permit-form-samples';

// The same rule the web app's form follows (test/machines/permits/rules/london-time.test.ts).
function instantOf(text: string): string | null {
  const parsed = parseSiteDateTime(text);
  return parsed.ok ? parsed.instant.toISOString() : null;
}

describe.each([
  ['October 2026', '2026-10-25', '2026-10-24'],
  ['October 2027', '2027-10-31', '2027-10-30'],
])('the hour the clocks repeat (%s)', (_, day, dayBefore) => {
  it('means its first occurrence, in BST', () => {
    expect(instantOf(`${day}T01:00:00`)).toBe(`${day}T00:00:00.000Z`);
    expect(instantOf(`${day}T01:30`)).toBe(`${day}T00:30:00.000Z`);
    expect(instantOf(`${day}T01:59:59`)).toBe(`${day}T00:59:59.000Z`);
    expect(instantOf(`${day}T00:59`)).toBe(`${dayBefore}T23:59:00.000Z`);
    expect(instantOf(`${day}T02:00`)).toBe(`${day}T02:00:00.000Z`);
  });

  it('is the second occurrence only when the caller says so with an offset', () => {
    expect(instantOf(`${day}T01:30:00+00:00`)).toBe(`${day}T01:30:00.000Z`);
  });

  it('is named in a reset mail’s expiry', () => {
    const mail = (expiresAt: string) =>
      passwordResetMail({
        email: 'zoe@kerbside.test',
        webOrigin: 'http://localhost:8080',
        uid: 'uid',
        token: 'token',
        expiresAt: new Date(expiresAt),
      }).text;
    const [year, month, date] = day.split('-');
    expect(mail(`${day}T00:30:00Z`)).toContain(`until ${date}/${month}/${year} 01:30 (BST)`);
    expect(mail(`${day}T01:30:00Z`)).toContain(`until ${date}/${month}/${year} 01:30 (GMT)`);
  });
});

describe.each([
  ['March 2026', '2026-03-29'],
  ['March 2027', '2027-03-28'],
])('the hour the clocks skip (%s)', (_, day) => {
  it('is refused, not moved on by an hour', () => {
    expect(parseSiteDateTime(`${day}T01:00`)).toEqual({ ok: false, reason: 'nonexistent' });
    expect(parseSiteDateTime(`${day}T01:59:59`)).toEqual({ ok: false, reason: 'nonexistent' });
    expect(instantOf(`${day}T02:00`)).toBe(`${day}T01:00:00.000Z`);
    expect(instantOf(`${day}T00:59`)).toBe(`${day}T00:59:00.000Z`);
  });
});

it('still tells a date that is not one from a skipped time', () => {
  expect(parseSiteDateTime('2026-02-30T01:30')).toEqual({ ok: false, reason: 'format' });
  expect(parseSiteDateTime('2026-10-25T24:30')).toEqual({ ok: false, reason: 'format' });
});

describe('the web app\'s "now" in the hour the clocks repeat', () => {
  const site = { ...plainSite, default_end_date_limit_hours: 2 };
  const values = filledForm;

  it.each([
    ['first', '2026-10-25T00:30:00.000Z'],
    ['second', '2026-10-25T01:30:00.000Z'],
  ])('starts the permit now during the %s occurrence, 01:30', (_, nowIso) => {
    const now = new Date(nowIso);
    const payload = toPermitCreatePayload(values, site, now);

    const plan = planPermit(permitCreatePayloadSchema.parse(payload), site, { now });

    expect(payload.start_ts).toBe('2026-10-25T01:30:00');
    expect(plan.start.toISOString()).toBe(nowIso);
    expect(plan.startsNow).toBe(true);
  });

  it('still refuses a start whose both occurrences are past', () => {
    const now = new Date('2026-10-25T03:00:00.000Z');
    const payload = { ...toPermitCreatePayload(values, site, now), start_ts: '2026-10-25T01:30' };

    expect(() => planPermit(permitCreatePayloadSchema.parse(payload), site, { now })).toThrow(
      expect.objectContaining({ body: { start_ts: ['Start must not be in the past.'] } }),
    );
  });
});
