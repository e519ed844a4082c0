import { assign, type EventObject } from 'xstate';
import { checkRegistration, type RegistrationCheck } from './uk-registration';

/** What a form's statechart keeps of its registration field's reading. */
export interface RegistrationReadContext {
  /** The spaced registration the typed one most likely meant, while `registration.suggesting`. */
  suggestion: string | null;
}

/** Sent on every change of the registration field: typing, a suggestion used, a vehicle chosen. */
export interface RegistrationChangedEvent {
  type: 'VRM.CHANGED';
  vrm: string;
}

/** The typed registration, as the region's action and guard take it from VRM.CHANGED. */
const typed = ({ event }: { event: RegistrationChangedEvent }) => ({ vrm: event.vrm });

/**
 * The action the `registration` region names, `readSuggestion`, for the `setup` of a machine
 * whose context holds `RegistrationReadContext`: it keeps the mended mark of a slip, else null.
 */
export function readSuggestionAction<
  TContext extends RegistrationReadContext,
  TEvent extends EventObject,
>() {
  return assign<TContext, TEvent, { vrm: string }, TEvent, never>((_, params) => {
    const check = checkRegistration(params.vrm);
    return { suggestion: check.kind === 'slip' ? check.suggestion : null } as Partial<TContext>;
  });
}

/** The guard the `registration` region names, `registrationIs`: the typed mark is of `kind`. */
export function registrationIsGuard(
  _: unknown,
  params: { vrm: string; kind: RegistrationCheck['kind'] },
): boolean {
  return checkRegistration(params.vrm).kind === params.kind;
}

/** A guard on the typed registration's kind. */
const registrationIs = (kind: 'blank' | 'recognised' | 'slip') => ({
  type: 'registrationIs' as const,
  params: ({ event }: { event: RegistrationChangedEvent }) => ({ vrm: event.vrm, kind }),
});

const readSuggestion = { type: 'readSuggestion' as const, params: typed };

/**
 * The `registration` region of a form with a UK registration field (Add Permit, the visitor's
 * booking): what the field holds, read on every change (`checkRegistration`). A mark in a standard
 * UK format is never held back, a look-alike slip is offered its mended form, and any other mark
 * needs the resident's "This registration is correct"
 * (test/machines/permits/rules/uk-registration.test.ts). The form's schema holds back a mark that
 * needs it, so no guard of the submission repeats the rule.
 */
export const registrationRegion = {
  description:
    'What the registration field holds, read on every change (VRM.CHANGED): whether it may be sent as it is.',
  initial: 'blank',
  on: {
    'VRM.CHANGED': [
      {
        description: 'The field is empty.',
        guard: registrationIs('blank'),
        target: '.blank',
        actions: readSuggestion,
      },
      {
        description: 'A standard UK format: never held back.',
        guard: registrationIs('recognised'),
        target: '.recognised',
        actions: readSuggestion,
      },
      {
        description:
          'Not standard, but swapping look-alikes (O/0, I/1, S/5, B/8, Z/2) makes it so.',
        guard: registrationIs('slip'),
        target: '.suggesting',
        actions: readSuggestion,
      },
      {
        description: 'Not a standard UK registration, and no look-alike swap mends it.',
        target: '.confirming',
        actions: readSuggestion,
      },
    ],
  },
  states: {
    blank: { description: 'Nothing typed yet: the form’s rules ask for a registration.' },
    recognised: { description: 'A standard UK registration: it is sent as it is.' },
    suggesting: {
      description:
        'A likely slip: "Did you mean …?" offers the mended registration; the permit is created only once the resident uses it or ticks "This registration is correct".',
    },
    confirming: {
      description:
        'An unrecognised registration (foreign, diplomatic, trade): created only once the resident ticks "This registration is correct".',
    },
  },
} as const;
