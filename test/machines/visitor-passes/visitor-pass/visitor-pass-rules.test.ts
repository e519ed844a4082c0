import { visitorPassRules } from '../../../../contract/visitor-pass';
import { toDateTimeValue } from '../../../../machines/permits/rules/date-time-parts';
import { formErrors } from '../../../../machines/form-errors';
import { juneNoon } from '../../../../machines/permits/permit-form/permit-form-samples';
import {
  newVisitorPassForm,
  toVisitorPassCreatePayload,
  visitorPassFormSchema,
  type VisitorPassFormValues,
} from '../../../../machines/visitor-passes/visitor-pass/visitor-pass-form';
import { toCreateVisitorPassFailure } from '../../../../machines/visitor-passes/visitor-pass/visitor-pass-error-message';
import {
  readyPass,
  usedPass,
} from '../../../../machines/visitor-passes/visitor-pass/visitor-pass-flow-samples';
import {
  passName,
  passNamesByPermit,
  passWindowText,
  visitorPassLink,
  visitorPassStateLabels,
} from '../../../../machines/visitor-passes/visitor-pass/visitor-pass-rules';

const errorsOf = (values: VisitorPassFormValues) =>
  formErrors(visitorPassFormSchema(juneNoon), values);

describe('"Send a visitor pass" form', () => {
  it('opens from now to a week ahead, for one permit, without a name', () => {
    expect(visitorPassRules.defaultWindowDays).toBe(7);
    expect(newVisitorPassForm(juneNoon)).toEqual({
      name: '',
      valid_from: '2026-06-01T12:00',
      valid_until: '2026-06-08T12:00',
      uses: '1',
    });
    expect(errorsOf(newVisitorPassForm(juneNoon))).toEqual({});
  });

  it('allows a window of 31 days and no more', () => {
    const form = newVisitorPassForm(juneNoon);
    expect(errorsOf({ ...form, valid_until: '2026-07-02T12:00' })).toEqual({});
    expect(errorsOf({ ...form, valid_until: '2026-07-02T12:01' })).toEqual({
      valid_until: 'A visitor pass can last at most 31 days',
    });
  });

  it('needs an end after its start, and in the future', () => {
    const form = newVisitorPassForm(juneNoon);
    expect(
      errorsOf({ ...form, valid_from: '2026-06-05T12:00', valid_until: '2026-06-04T12:00' }),
    ).toEqual({
      valid_until: 'Valid until must be after valid from',
    });
    expect(
      errorsOf({ ...form, valid_from: '2026-05-01T12:00', valid_until: '2026-05-02T12:00' }),
    ).toEqual({
      valid_until: 'Valid until must be in the future',
    });
    expect(errorsOf({ ...form, valid_from: '', valid_until: '' })).toEqual({
      valid_from: 'Valid from is required',
      valid_until: 'Valid until is required',
    });
    const halfTyped = toDateTimeValue({ day: '1', month: '6', year: '2026', hour: '', minute: '' });
    expect(errorsOf({ ...form, valid_from: halfTyped })).toEqual({
      valid_from: 'Valid from must include an hour and minute',
    });
  });

  it.each(['0', '11', '1.5', 'two', ''])('refuses %j permits: 1 to 10', (uses) => {
    expect(errorsOf({ ...newVisitorPassForm(juneNoon), uses })).toEqual({
      uses: 'Enter a number of permits from 1 to 10',
    });
  });

  it('takes 10 permits and a name of 40 characters, not 41', () => {
    const form = { ...newVisitorPassForm(juneNoon), uses: '10' };
    expect(errorsOf({ ...form, name: 'x'.repeat(40) })).toEqual({});
    expect(errorsOf({ ...form, name: 'x'.repeat(41) })).toEqual({
      name: 'Name must be 40 characters or fewer',
    });
  });

  it('sends London wall times, the trimmed name and the number of permits', () => {
    expect(
      toVisitorPassCreatePayload({
        name: '  Mum ',
        valid_from: '2026-06-01T12:00',
        valid_until: '2026-06-08T12:00',
        uses: ' 2 ',
      }),
    ).toEqual({
      name: 'Mum',
      valid_from: '2026-06-01T12:00:00',
      valid_until: '2026-06-08T12:00:00',
      uses: 2,
    });
  });
});

describe('a pass as the resident reads it', () => {
  it('has a label for each state', () => {
    expect(visitorPassStateLabels).toEqual({
      READY: 'Ready',
      USED: 'Used',
      EXPIRED: 'Expired',
      WITHDRAWN: 'Withdrawn',
    });
  });

  it('shows its window in London time and its name, or "Visitor pass" without one', () => {
    expect(passWindowText(readyPass)).toBe('01/06/2026 12:00 to 08/06/2026 12:00');
    expect(passName(readyPass)).toBe('Mum');
    expect(passName({ name: ' ' })).toBe('Visitor pass');
  });

  it('words its window as the screen says it (its language)', () => {
    expect(passWindowText(readyPass, ({ id, values }) => `${id}: ${String(values?.until)}`)).toBe(
      '{from} to {until}: 08/06/2026 12:00',
    );
  });

  it('names the pass each permit was booked through', () => {
    const names = passNamesByPermit([
      usedPass,
      { ...readyPass, id: 8, name: '', permit_ids: [50] },
    ]);
    expect([...names]).toEqual([
      [41, 'Mum'],
      [42, 'Mum'],
      [50, 'Visitor pass'],
    ]);
  });

  it('is sent as this site’s /visit/ page with the token', () => {
    expect(visitorPassLink('https://kerbside.example', 'abc_DEF-123')).toBe(
      'https://kerbside.example/visit/abc_DEF-123',
    );
  });
});

describe('a refused pass', () => {
  it('shows the host’s word on each field it names, and no general message beside them', () => {
    expect(
      toCreateVisitorPassFailure({
        status: 400,
        body: { uses: ['Ensure this value is less than or equal to 10.'] },
      }),
    ).toEqual({
      message: null,
      fieldErrors: { uses: 'Ensure this value is less than or equal to 10.' },
    });
  });

  it('shows a refusal of the whole pass, or the detail, as its message', () => {
    expect(
      toCreateVisitorPassFailure({ status: 400, body: { non_field_errors: ['Not today.'] } }),
    ).toEqual({ message: 'Not today.', fieldErrors: null });
    expect(toCreateVisitorPassFailure({ status: 404, body: { detail: 'Not found.' } })).toEqual({
      message: 'Not found.',
      fieldErrors: null,
    });
    expect(toCreateVisitorPassFailure({})).toEqual({
      message: 'The visitor pass could not be created. Please try again.',
      fieldErrors: null,
    });
  });
});
