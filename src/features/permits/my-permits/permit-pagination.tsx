import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { focusIsLost } from '../../../ui/focus-is-lost';
import { VisuallyHidden } from '../../../ui/visually-hidden';
import { useLingui } from '@lingui/react';
import { paginationTexts } from '../../../../machines/permits/my-permits/permit-list-filters';
import { pageCount } from '../../../../machines/permits/rules/permit-list-pages';

/** Up to this many pages get a button each; past it, the far ones are left out. */
const allPagesUpTo = 7;

/**
 * The page buttons shown: every page of a short list; for a long one the first, the last and the
 * two either side of the current page, with a gap where pages are left out.
 */
function visiblePages(page: number, pages: number): (number | 'gap')[] {
  if (pages <= allPagesUpTo) return Array.from({ length: pages }, (_, index) => index + 1);
  const shown = [1, page - 1, page, page + 1, pages].filter(
    (number, index, all) => number >= 1 && number <= pages && all.indexOf(number) === index,
  );
  return shown
    .sort((a, b) => a - b)
    .flatMap((number, index) =>
      index > 0 && number - (shown[index - 1] ?? number) > 1 ? ['gap' as const, number] : [number],
    );
}

/**
 * docs/contract.md §2, "Pagination": numbered buttons with Previous and Next, "Page X of N" and
 * "showing a-b of total". Nothing for an empty list.
 */
export function PermitPagination({
  page,
  count,
  onGo,
}: {
  /** The page the rows shown belong to. */
  page: number;
  count: number;
  onGo: (page: number) => void;
}) {
  const { i18n } = useLingui();
  const navigation = useRef<HTMLDivElement>(null);
  const movedByEdge = useRef(false);
  // "Previous" on page 2 and "Next" on the last page but one are disabled on the page they lead
  // to, and Chromium moves a disabled button's focus to the body: the focus goes to the page
  // reached instead.
  useEffect(() => {
    if (!movedByEdge.current) return;
    movedByEdge.current = false;
    if (focusIsLost()) {
      navigation.current?.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
    }
  }, [page]);
  const texts = paginationTexts(page, count);
  if (!texts) return null;
  const pages = pageCount(count);
  const goByEdge = (to: number) => {
    movedByEdge.current = true;
    onGo(to);
  };
  return (
    <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align="center" gap={3}>
      {/* Not a live region: My Permits' results status says the page and the count. */}
      <HStack gap={3}>
        <Text>{i18n._(texts.page)}</Text>
        <Text color="fg.muted">{i18n._(texts.showing)}</Text>
      </HStack>
      <HStack ref={navigation} as="nav" aria-label={i18n._('Pagination')} gap={1} wrap="wrap">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => goByEdge(page - 1)}>
          {i18n._('Previous')}
        </Button>
        {visiblePages(page, pages).map((number, index) =>
          number === 'gap' ? (
            <Text key={`gap-${index}`} aria-hidden="true" px={1}>
              …
            </Text>
          ) : (
            <Button
              key={number}
              size="sm"
              variant={number === page ? 'solid' : 'outline'}
              colorPalette="teal"
              aria-current={number === page ? 'page' : undefined}
              onClick={() => onGo(number)}
            >
              <VisuallyHidden>{i18n._('Page')} </VisuallyHidden>
              {number}
            </Button>
          ),
        )}
        <Button
          size="sm"
          variant="outline"
          disabled={page >= pages}
          onClick={() => goByEdge(page + 1)}
        >
          {i18n._('Next')}
        </Button>
      </HStack>
    </Stack>
  );
}
