import { act, screen } from '@testing-library/react';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import {
  expirySchema,
  permitFormMessages,
} from '../../../machines/permits/permit-form/permit-form-schema';
import { skippedWallTimeMessage } from '../../../contract/london-wall-time';
import { DateTimeInput, dateTimeInputHint } from '../../../src/ui/date-time-input';
import { validateWithSchema } from '../../../src/ui/validate-with-schema';
import { ChakraProvider } from '@chakra-ui/react';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLanguage } from '../../../src/i18n/activate-language';
import { i18n } from '../../../src/i18n/i18n';
import { appSystem } from '../../../src/shell/system';
import { dateTimeBox, dateTimeShown, typeDateTime } from '../../support/date-time-boxes';

/** 1 June 2026, 12:00 in London (BST). */
const now = new Date('2026-06-01T11:00:00Z');

function renderInput(onSubmit = jest.fn(), earliest?: string) {
  // The field reads its words through Lingui (src/ui/use-field-error.ts), as in the app.
  const view = render(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={appSystem()}>
        <Formik
          initialValues={{ end: '' }}
          // Checked as every form of the app checks (src/ui/validate-with-schema.ts).
          {...validateWithSchema(() =>
            yup.object({ end: expirySchema(now, permitFormMessages.endRequired) }),
          )}
          onSubmit={(values) => onSubmit(values)}
        >
          <Form noValidate>
            <DateTimeInput name="end" label="Expiry date" earliest={earliest} />
            <button type="submit">Send</button>
          </Form>
        </Formik>
      </ChakraProvider>
    </I18nProvider>,
  );
  return {
    ...view,
    user: userEvent.setup({ delay: null }),
    onSubmit,
    group: () => screen.getByRole('group', { name: 'Expiry date' }),
  };
}

test('a fieldset named by its legend, with numeric boxes labelled Day, Month, Year, Hour, Minute', () => {
  const { group } = renderInput();
  expect(group().tagName).toBe('FIELDSET');
  for (const part of ['day', 'month', 'year', 'hour', 'minute'] as const) {
    expect(dateTimeBox(group(), part)).toHaveAttribute('inputmode', 'numeric');
  }
  expect(group()).toHaveAccessibleDescription(
    'For example, 27 3 2026 14 30. Use the 24-hour clock.',
  );
});

test('typed digit by digit in UK order, the value is the London wall time and the hint names BST', async () => {
  const { user, group, onSubmit } = renderInput();
  await user.type(dateTimeBox(group(), 'day'), '24');
  await user.type(dateTimeBox(group(), 'month'), '6');
  await user.type(dateTimeBox(group(), 'year'), '2026');
  await user.type(dateTimeBox(group(), 'hour'), '14');
  await user.type(dateTimeBox(group(), 'minute'), '30');
  expect(group()).toHaveAccessibleDescription('Wednesday 24 June 2026, 14:30 UK time (BST).');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(onSubmit).toHaveBeenCalledWith({ end: '2026-06-24T14:30' });
});

test('a winter date says GMT', async () => {
  const { user, group } = renderInput();
  await typeDateTime(user, group(), '2026-11-24T14:30');
  expect(group()).toHaveAccessibleDescription('Tuesday 24 November 2026, 14:30 UK time (GMT).');
});

test('the earliest date accepted is offered before a date is typed', () => {
  const { group } = renderInput(jest.fn(), '2026-06-01T12:01');
  expect(group()).toHaveAccessibleDescription(
    'The earliest is Monday 1 June 2026, 12:01 UK time (BST). Use the 24-hour clock.',
  );
});

test('in Welsh the weekday takes a capital at the start of a sentence only', async () => {
  await act(() => activateLanguage('cy'));
  try {
    const { group } = renderInput(jest.fn(), '2026-06-01T12:01');
    expect(group()).toHaveAccessibleDescription(
      'Y cynharaf yw dydd Llun 1 Mehefin 2026, 12:01 amser y DU (BST). Defnyddiwch y cloc 24 awr.',
    );
    // A date typed is the hint's whole sentence.
    expect(dateTimeInputHint('2026-06-24T14:30')).toBe(
      'Dydd Mercher 24 Mehefin 2026, 14:30 amser y DU (BST).',
    );
  } finally {
    await act(() => activateLanguage('en'));
  }
});

test.each([
  ['2026--T14:30', 'Rhaid i’r maes ‘Dyddiad dod i ben’ gynnwys diwrnod a mis'],
  ['2026-11-T:30', 'Rhaid i’r maes ‘Dyddiad dod i ben’ gynnwys diwrnod ac awr'],
  ['2026--T:', 'Rhaid i’r maes ‘Dyddiad dod i ben’ gynnwys diwrnod, mis, awr a munud'],
  ['26-11-24T14:30', 'Rhaid i’r flwyddyn yn y maes ‘Dyddiad dod i ben’ gynnwys 4 rhif'],
  ['2026-02-30T14:30', 'Rhaid i’r maes ‘Dyddiad dod i ben’ fod yn ddyddiad go iawn'],
])('in Welsh, %s: the fieldset says "%s"', async (typed, message) => {
  const { user, group } = renderInput();
  // Typed by the boxes' English names (test/support/date-time-boxes.ts), then read in Welsh.
  await typeDateTime(user, group(), typed);
  await act(() => activateLanguage('cy'));
  try {
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  } finally {
    await act(() => activateLanguage('en'));
  }
});

test('a message a submit gave in English is said in Welsh once Welsh is chosen, before the next submit', async () => {
  const { user, group } = renderInput();
  await typeDateTime(user, group(), '2026--T14:30');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Expiry date must include a day and month')).toBeInTheDocument();

  await act(() => activateLanguage('cy'));
  try {
    expect(
      screen.getByText('Rhaid i’r maes ‘Dyddiad dod i ben’ gynnwys diwrnod a mis'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Expiry date must include a day and month')).not.toBeInTheDocument();
  } finally {
    await act(() => activateLanguage('en'));
  }
  expect(screen.getByText('Expiry date must include a day and month')).toBeInTheDocument();
});

test('a whole date typed into Day with separators fills every box', async () => {
  const { user, group } = renderInput();
  await user.type(dateTimeBox(group(), 'day'), '24/11/2026 14:30');
  expect(dateTimeShown(group())).toBe('2026-11-24T14:30');
  expect(dateTimeBox(group(), 'minute')).toHaveFocus();
  expect(dateTimeBox(group(), 'day')).toHaveValue('24');
  expect(dateTimeBox(group(), 'year')).toHaveValue('2026');
});

test('letters are not kept in a box', async () => {
  const { user, group } = renderInput();
  await user.type(dateTimeBox(group(), 'day'), '2x4');
  expect(dateTimeBox(group(), 'day')).toHaveValue('24');
});

test.each([
  ['2026-02-30T14:30', 'Expiry date must be a real date', ['day']],
  ['2026-13-01T14:30', 'Expiry date must be a real date', ['month']],
  ['26-11-24T14:30', 'Expiry date year must include 4 numbers', ['year']],
  ['2026-11-24T25:30', 'Expiry date must be a real time, from 00:00 to 23:59', ['hour']],
  ['2026-11-T14:30', 'Expiry date must include a day', ['day']],
  [
    '2026--T:',
    'Expiry date must include a day, month, hour and minute',
    ['day', 'month', 'hour', 'minute'],
  ],
  ['2027-03-28T01:30', skippedWallTimeMessage, ['hour', 'minute']],
  [
    '2026-06-01T11:00',
    'Expiry date must be in the future',
    ['day', 'month', 'year', 'hour', 'minute'],
  ],
])(
  '%s: the fieldset says "%s" and marks only the boxes at fault',
  async (typed, message, faulty) => {
    const { user, group, onSubmit } = renderInput();
    await typeDateTime(user, group(), typed);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(group()).toHaveAccessibleDescription(expect.stringContaining(message));
    for (const part of ['day', 'month', 'year', 'hour', 'minute'] as const) {
      const box = dateTimeBox(group(), part);
      if (faulty.includes(part)) expect(box).toHaveAttribute('aria-invalid', 'true');
      else expect(box).not.toHaveAttribute('aria-invalid');
    }
    expect(onSubmit).not.toHaveBeenCalled();
  },
);

test('an empty input is "Expiry date is required"', async () => {
  const { user } = renderInput();
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Expiry date is required')).toBeInTheDocument();
});
