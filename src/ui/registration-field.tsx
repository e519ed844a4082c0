import { Button, HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useFormikContext } from 'formik';
import { useContext, useEffect } from 'react';
import type { RegistrationChangedEvent } from '../../machines/permits/rules/registration-region';
import { formatRegistration, nearMissOf } from '../../machines/permits/rules/uk-registration';
import { CheckboxField } from './checkbox-field';
import { FormBodyContext } from './form-body-context';
import { FormField } from './form-field';
import { visuallyHiddenClass } from './visually-hidden';

/**
 * What the registration field says under it, word for word (add-permit-screen.test.tsx): English
 * ids, translated where shown. A suggestion's words, which name a mark, are written where shown.
 */
export const registrationTexts = {
  hint: /*i18n*/ 'For example, AB12 CDE',
  unrecognised: /*i18n*/ 'This is not a standard UK registration. Check it against the vehicle.',
  confirm: /*i18n*/ 'This registration is correct',
} as const;

/** The form's fields the registration field reads and writes. */
interface RegistrationValues {
  vrm: string;
  vrm_confirmed: boolean;
}

/** UK registrations are shown in capitals however they are typed; spaces are kept for reading. */
function upperCase(value: string): string {
  return value.toUpperCase();
}

/** A "Did you mean …?" line with the button that puts the mark in the registration field. */
function RegistrationSuggestion({ mark }: { mark: string }) {
  const { i18n } = useLingui();
  const question = i18n._('Did you mean {mark}?', { mark });
  const { setFieldValue } = useFormikContext<RegistrationValues>();
  const { idPrefix } = useContext(FormBodyContext);
  return (
    <HStack role="group" aria-label={question} gap={3} wrap="wrap">
      {/* Said by the field's status region and the group's name: read once, as GOV.UK's
          character count does with its message. */}
      <Text aria-hidden>{question}</Text>
      <Button
        size="sm"
        variant="outline"
        // The field keeps focus on a press: leaving it would show its message and move this
        // button from under the pointer before the click (test/browser/right-car-journey.test.ts).
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          void setFieldValue('vrm', mark);
          void setFieldValue('vrm_confirmed', false);
          // The suggestion goes with its button: a key press on it hands the focus to the field
          // it filled, not to the page's body.
          document.getElementById(`${idPrefix}vrm`)?.focus();
        }}
      >
        {i18n._('Use {mark}', { mark })}
      </Button>
    </HStack>
  );
}

/**
 * The registration field of a permit's form (Add Permit, the visitor's booking) and what its
 * statechart's `registration` region (machines/permits/rules/registration-region.ts) says about
 * it: a slip's suggestion, an unrecognised mark's warning, and the box that vouches for either.
 * Every way the field changes (typing, a suggestion, a recent vehicle) reaches `actor` as
 * VRM.CHANGED. `knownMarks`, the vehicles the resident has used, add a hint, not a hold: a mark
 * one edit away from one of them.
 */
export function RegistrationField({
  actor,
  suggestion,
  unrecognised,
  knownMarks = [],
}: {
  actor: { send: (event: RegistrationChangedEvent) => void };
  /** The mended mark while the region is `suggesting`, else null. */
  suggestion: string | null;
  /** Whether the region is `confirming`: a mark no look-alike swap mends. */
  unrecognised: boolean;
  knownMarks?: readonly string[];
}) {
  const { i18n } = useLingui();
  const { values, setFieldValue } = useFormikContext<RegistrationValues>();
  useEffect(() => {
    actor.send({ type: 'VRM.CHANGED', vrm: values.vrm });
  }, [actor, values.vrm]);
  const nearMiss = nearMissOf(values.vrm, knownMarks);
  // The slip's mending and the near miss of a recent vehicle, each once.
  const marks = [...new Set([suggestion, nearMiss])].filter((mark) => mark !== null);
  // What appears under the field as the resident types, said to a screen reader as it appears
  // (WCAG 4.1.3) by a region in the page, empty, before anything is said in it. The words shown
  // are hidden from screen readers, which read them here.
  const said = [
    ...marks.map((mark) => i18n._('Did you mean {mark}?', { mark })),
    unrecognised ? i18n._(registrationTexts.unrecognised) : '',
  ].join(' ');
  return (
    <>
      <FormField
        name="vrm"
        label={i18n._('Registration number')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        helperText={i18n._(registrationTexts.hint)}
        normalise={upperCase}
        reformatOnLeave={formatRegistration}
        onValueChange={() => void setFieldValue('vrm_confirmed', false)}
      />
      <span className={visuallyHiddenClass} role="status">
        {said.trim()}
      </span>
      {marks.map((mark) => (
        <RegistrationSuggestion key={mark} mark={mark} />
      ))}
      {unrecognised && <Text aria-hidden>{i18n._(registrationTexts.unrecognised)}</Text>}
      {(suggestion !== null || unrecognised) && (
        <CheckboxField name="vrm_confirmed" label={i18n._(registrationTexts.confirm)} />
      )}
    </>
  );
}
