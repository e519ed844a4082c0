import type { ReactNode } from 'react';
import { chakra, type SystemStyleObject } from '@chakra-ui/react';

export interface DetailsRow {
  /** The term, already in the reader's language; it also keys the row. */
  label: string;
  value: ReactNode;
  /** A change of the value is announced (aria-live polite). */
  live?: boolean;
}

type Orientation = 'horizontal' | 'vertical';
type Size = 'sm' | 'md';

// Chakra's DataList recipe (its "subtle" variant), written once for the list: its terms and values
// are plain <dt> and <dd>. A DataList part is a styled component that resolves its styles at each
// render; My Permits draws five of these rows on each of its cards, and its load at 4x CPU spent
// about a third less time in Chakra without them (docs/performance.md).
const itemStyle: Record<Orientation, SystemStyleObject> = {
  horizontal: { display: 'inline-flex', alignItems: 'center', gap: '4' },
  vertical: { display: 'flex', flexDirection: 'column', gap: '1' },
};
const sizeStyle: Record<Size, { gap: string; textStyle: string }> = {
  sm: { gap: '3', textStyle: 'xs' },
  md: { gap: '4', textStyle: 'sm' },
};

function listStyle(orientation: Orientation, size: Size): SystemStyleObject {
  return {
    display: 'flex',
    flexDirection: 'column',
    gap: sizeStyle[size].gap,
    '& > div': { ...itemStyle[orientation], textStyle: sizeStyle[size].textStyle },
    '& dt': {
      display: 'flex',
      alignItems: 'center',
      gap: '1',
      color: 'fg.muted',
      ...(orientation === 'horizontal' ? { minWidth: '120px' } : {}),
    },
    '& dd': { display: 'flex', minWidth: '0', flex: '1' },
  };
}

const listStyles = {
  horizontal: { sm: listStyle('horizontal', 'sm'), md: listStyle('horizontal', 'md') },
  vertical: { sm: listStyle('vertical', 'sm'), md: listStyle('vertical', 'md') },
} as const;

/** Terms and their values (<dl>), a row each: beside each other, or the value under its term. */
export function DetailsList({
  rows,
  orientation = 'horizontal',
  size = 'md',
}: {
  rows: readonly DetailsRow[];
  orientation?: Orientation;
  size?: Size;
}) {
  return (
    <chakra.dl css={listStyles[orientation][size]}>
      {rows.map(({ label, value, live }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd aria-live={live ? 'polite' : undefined}>{value}</dd>
        </div>
      ))}
    </chakra.dl>
  );
}
