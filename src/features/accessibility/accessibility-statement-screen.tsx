import { Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react';
import { getConfig } from '../../config';

/** What is known not to meet the standard yet, in plain words (kept true by the team). */
export const knownProblems = [
  /*i18n*/ 'On My Permits, the table of permits on wide screens scrolls sideways when text is enlarged to 400%.',
  /*i18n*/ 'Messages that confirm a permit was changed may not be announced by every screen reader.',
  /*i18n*/ 'When the service refuses what was typed in a field, a screen reader may announce the problem twice: in the list of problems at the top of the form and in the message under it.',
  /*i18n*/ 'If your account is created but you cannot be signed in straight away, the page says so and moves to the sign-in page after 3 seconds.',
] as const;

/**
 * The accessibility statement, in the form of GOV.UK's model statement
 * (https://www.gov.uk/government/publications/sample-accessibility-statement): who the service
 * is for, how accessible it is, what is known not to work, how to report a problem, and the
 * standard it meets (WCAG 2.2 AA, partially).
 */
export function AccessibilityStatementScreen() {
  const { i18n } = useLingui();
  const { appName, supportEmail } = getConfig();
  return (
    <Stack gap={5} maxW="3xl" mx="auto">
      <Heading as="h1" size="2xl">
        {i18n._('Accessibility statement for {appName}', { appName })}
      </Heading>
      <Text>
        {i18n._(
          'This statement applies to {appName}, the service residents use to give visitors parking permits. We want as many people as possible to be able to use it. You should be able to change colours, contrast levels and fonts using your browser or device settings, zoom in up to 400% without text spilling off the screen, navigate the whole service using just a keyboard or speech recognition software, and listen to it using a screen reader.',
          { appName },
        )}
      </Text>

      <Heading as="h2" size="lg">
        {i18n._('How accessible this service is')}
      </Heading>
      <Text>{i18n._('We know some parts of this service are not fully accessible:')}</Text>
      <List.Root ps={5}>
        {knownProblems.map((problem) => (
          <List.Item key={problem}>{i18n._(problem)}</List.Item>
        ))}
      </List.Root>

      <Heading as="h2" size="lg">
        {i18n._('Reporting accessibility problems with this service')}
      </Heading>
      <Text>
        <Trans
          id="We are always looking to improve the accessibility of this service. If you find any problems not listed on this page, or think we are not meeting accessibility requirements, email <0>{supportEmail}</0>. Tell us the page, what you were trying to do and the assistive technology you use. We will reply within 5 working days. If you need information in a different format, such as large print or audio, email us at the same address."
          values={{ supportEmail }}
          components={{ 0: <Link href={`mailto:${supportEmail}`} color="teal.700" /> }}
        />
      </Text>

      <Heading as="h2" size="lg">
        {i18n._('Enforcement procedure')}
      </Heading>
      <Text>
        {i18n._(
          'The Equality and Human Rights Commission (EHRC) is responsible for enforcing the Public Sector Bodies (Websites and Mobile Applications) (No. 2) Accessibility Regulations 2018. If you are not happy with how we respond to your complaint, contact the Equality Advisory and Support Service (EASS).',
        )}
      </Text>

      <Heading as="h2" size="lg">
        {i18n._('Compliance status')}
      </Heading>
      <Text>
        {i18n._(
          'This service is partially compliant with the Web Content Accessibility Guidelines version 2.2 AA standard, due to the problems listed above. Before each release every page, in English and in Welsh, is checked with the axe-core accessibility engine, and signing in and creating an account are tested with the keyboard alone.',
        )}
      </Text>

      <Heading as="h2" size="lg">
        {i18n._('Preparation of this statement')}
      </Heading>
      <Text>
        {i18n._(
          'This statement was prepared in November 2026 and last reviewed in December 2026. The service is tested against WCAG 2.2 AA by automated checks in Chromium, Firefox and WebKit, at a phone’s and a desktop’s width. It has not yet been tested with a screen reader or on a touch screen.',
        )}
      </Text>
    </Stack>
  );
}
