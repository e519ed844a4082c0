import { Link } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { langAttribute } from '../../contract/languages';
import type { Language } from '../../machines/language/language-machine';
import { languageNames } from './languages';
import { chooseLanguage } from './language-choice';

/**
 * "Cymraeg" in English, "English" in Welsh, in every page's header, as Welsh public services put
 * it: each name in its own language, marked so that a screen reader says it in that language.
 * The page's texts change in place; the choice is kept (./language-choice.ts).
 */
export function LanguageLink() {
  // The language the texts are in now (a Welsh catalogue still loading leaves them in English).
  const { i18n } = useLingui();
  const other: Language = i18n.locale === 'cy' ? 'en' : 'cy';
  return (
    <Link
      href={`?lang=${other}`}
      lang={langAttribute(other)}
      hrefLang={other}
      color="teal.700"
      minH="11"
      display="inline-flex"
      alignItems="center"
      onClick={(event) => {
        event.preventDefault();
        chooseLanguage(other);
      }}
    >
      {languageNames[other]}
    </Link>
  );
}
