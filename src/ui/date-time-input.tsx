import { Field, Fieldset, HStack, Input } from '@chakra-ui/react';
import { fieldsetSlotRecipe } from '@chakra-ui/react/theme';
import { useLingui } from '@lingui/react';
import { useField } from 'formik';
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import useLatestCallback from 'use-latest-callback';
import { useFieldError, type FieldError } from './use-field-error';
import type { DateTime } from 'luxon';
import { siteTimeZone } from '../../contract/london-wall-time';
import { i18n } from '../i18n/i18n';
import { residentDateLocale } from './date-locale';
import {
  dateTimePartOrder,
  partsAtFault,
  readDateTimeParts,
  toDateTimeParts,
  toDateTimeValue,
  type DateTimePart,
  type DateTimeParts,
} from '../../machines/permits/rules/date-time-parts';

/** The boxes' labels: English ids (lingui.config.ts), translated where drawn. */
const partLabels: Record<DateTimePart, string> = {
  day: /*i18n*/ 'Day',
  month: /*i18n*/ 'Month',
  year: /*i18n*/ 'Year',
  hour: /*i18n*/ 'Hour',
  minute: /*i18n*/ 'Minute',
};

/** Wide enough for the digits each box takes, as GOV.UK sizes its date boxes. */
const partWidths: Record<DateTimePart, string> = {
  day: '3.5rem',
  month: '3.5rem',
  year: '5rem',
  hour: '3.5rem',
  minute: '3.5rem',
};

/** Keys that end a box when typed, so "24/11/2026 14:30" typed into Day fills all five. */
const separatorKeys = new Set(['/', '.', '-', ':', ' ', ',']);

/**
 * A London instant in words, in the language shown (./date-locale.ts), with whether London is on
 * GMT or BST then (the abbreviations are the same in Welsh). CLDR writes the Welsh weekday with a
 * capital, for the start of a sentence ("Dydd Mercher"); in the middle of one it is "dydd
 * Mercher", as the e-mails write it (server/mail/mail-i18n.ts).
 */
function inWords(instant: DateTime, midSentence: boolean): string {
  const london = instant.setZone(siteTimeZone).setLocale(residentDateLocale());
  const zone = london.offset === 60 ? 'BST' : 'GMT';
  const words = london.toFormat('cccc d MMMM yyyy, HH:mm');
  return i18n._('{dateTime} UK time ({zone})', {
    dateTime: midSentence ? words.replace(/^Dydd /, 'dydd ') : words,
    zone,
  });
}

/**
 * What the hint says (test/screens/ui/date-time-input.test.tsx): before a whole date is typed, the
 * earliest one accepted (`earliest`, a `datetime-local` value) or an example; then the chosen
 * date in words, with whether London is on GMT or BST that day. In the language shown: the
 * component that calls it renders again when the language changes.
 */
export function dateTimeInputHint(value: string, earliest?: string): string {
  const reading = readDateTimeParts(value);
  if (reading.kind === 'ok')
    return i18n._('{dateTime}.', { dateTime: inWords(reading.instant, false) });
  const first = earliest === undefined ? null : readDateTimeParts(earliest);
  const example =
    first?.kind === 'ok'
      ? i18n._('The earliest is {dateTime}.', { dateTime: inWords(first.instant, true) })
      : i18n._('For example, 27 3 2026 14 30.');
  return i18n._('{example} Use the 24-hour clock.', { example });
}

/**
 * A London date and time typed the GOV.UK way (design-system.service.gov.uk, "Date input"): a
 * fieldset whose legend is the field's label, with boxes labelled Day, Month, Year, Hour and
 * Minute, so the order never depends on the browser's language. The Formik value is the
 * `datetime-local` text the rules read (machines/permits/rules/date-time-parts.ts); a half-typed date is
 * kept as typed. Its message names what was wrong and marks only the boxes at fault; the hint and
 * the message describe the fieldset. `onValueChange` hears each value after Formik has it.
 */
export function DateTimeInput({ name, onValueChange, ...shown }: DateTimeInputProps) {
  const [field, , helpers] = useField<string>(name);
  const fieldError = useFieldError(name);
  const setValue = useLatestCallback((value: string) => {
    void helpers.setValue(value);
    onValueChange?.(value);
  });
  return (
    <DateTimeInputView
      {...shown}
      {...fieldError}
      name={name}
      value={field.value}
      setValue={setValue}
    />
  );
}

interface DateTimeInputProps {
  name: string;
  label: string;
  /** A sentence shown before the input's own hint. */
  hint?: string;
  /** The earliest `datetime-local` value the rules accept, offered in the hint. */
  earliest?: string;
  disabled?: boolean;
  onValueChange?: (value: string) => void;
}

/**
 * What the date-time boxes show, drawn again only when that changes (as in ./form-field.tsx):
 * five boxes of Chakra elements each keystroke elsewhere in the form would draw again.
 */
const DateTimeInputView = memo(function DateTimeInputView({
  name,
  label,
  hint,
  earliest,
  disabled,
  value,
  setValue,
  message,
  controlId,
}: Omit<DateTimeInputProps, 'onValueChange'> &
  FieldError & { value: string; setValue: (value: string) => void }) {
  const { i18n } = useLingui();
  const [parts, setParts] = useState<DateTimeParts>(() => toDateTimeParts(value));
  // The value these boxes last wrote: any other (a reset, a tick that clears the date) redraws them.
  const [written, setWritten] = useState(value);
  if (value !== written) {
    setWritten(value);
    setParts(toDateTimeParts(value));
  }
  const boxes = useRef<Partial<Record<DateTimePart, HTMLInputElement | null>>>({});
  const invalid = message !== undefined;
  const reading = readDateTimeParts(value);
  // A message about the whole date (not in the future, say) marks every box.
  const named = invalid ? partsAtFault(reading) : [];
  const atFault = invalid && named.length === 0 ? dateTimePartOrder : named;
  // The first box at fault carries the field's name and id, so a refused submit and the error
  // summary's link focus it.
  const namedPart = atFault[0] ?? 'day';

  const write = (next: DateTimeParts) => {
    const nextValue = toDateTimeValue(next);
    setParts(next);
    setWritten(nextValue);
    setValue(nextValue);
  };

  const change = (part: DateTimePart, typed: string) => {
    // Digits only; a pasted "24/11/2026 14:30" spreads its groups over this box and the next ones.
    const groups = typed.split(/\D+/).filter((group) => group !== '');
    const from = dateTimePartOrder.indexOf(part);
    const next = { ...parts, [part]: groups[0] ?? '' };
    groups.slice(1).forEach((group, offset) => {
      const later = dateTimePartOrder[from + 1 + offset];
      if (later) next[later] = group;
    });
    write(next);
  };

  const keyDown = (part: DateTimePart, event: KeyboardEvent<HTMLInputElement>) => {
    if (!separatorKeys.has(event.key)) return;
    event.preventDefault();
    const later = dateTimePartOrder[dateTimePartOrder.indexOf(part) + 1];
    if (parts[part] !== '' && later) boxes.current[later]?.focus();
  };

  const box = (part: DateTimePart) => (
    <Field.Root
      key={part}
      id={part === namedPart ? controlId : undefined}
      width="auto"
      invalid={atFault.includes(part)}
      disabled={disabled}
    >
      <Field.Label fontWeight="normal">{i18n._(partLabels[part])}</Field.Label>
      <Input
        ref={(element) => {
          boxes.current[part] = element;
        }}
        name={part === namedPart ? name : `${name}-${part}`}
        value={parts[part]}
        onChange={(event) => change(part, event.target.value)}
        onKeyDown={(event) => keyDown(part, event)}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        width={partWidths[part]}
      />
    </Field.Root>
  );

  return (
    <Fieldset.Root recipe={fieldsetSlotRecipe} invalid={invalid} disabled={disabled}>
      <Fieldset.Legend fontWeight="medium">{label}</Fieldset.Legend>
      <Fieldset.HelperText>
        {hint ? `${hint} ` : ''}
        {dateTimeInputHint(value, earliest)}
      </Fieldset.HelperText>
      <HStack gap={3} wrap="wrap" alignItems="flex-end">
        <HStack gap={3}>{(['day', 'month', 'year'] as const).map(box)}</HStack>
        <HStack gap={3}>{(['hour', 'minute'] as const).map(box)}</HStack>
      </HStack>
      <Fieldset.ErrorText>{message}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
});
