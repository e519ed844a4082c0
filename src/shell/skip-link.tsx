import { SkipNavLink } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';

/** The id of every layout's main element, where the skip link leads. */
export const mainContentId = 'main-content';

/**
 * "Skip to main content", the first Tab stop of every page (GOV.UK's skip link): hidden until
 * focused, it moves focus to the main element (which has `tabIndex={-1}`) past the navigation.
 */
export function SkipLink() {
  const { i18n } = useLingui();
  return (
    <SkipNavLink
      id={mainContentId}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(mainContentId)?.focus();
      }}
    >
      {i18n._('Skip to main content')}
    </SkipNavLink>
  );
}
