import { renderHook } from '@testing-library/react';
import { useListInSteps } from '../../../src/ui/use-list-in-steps';

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index);

test('a long list renders its first step, then a step more in each render, until it is whole', () => {
  const lengths: number[] = [];
  const list = numbers(25);
  const { result } = renderHook(() => {
    const shown = useListInSteps(list, 10);
    lengths.push(shown.length);
    return shown;
  });
  expect(lengths[0]).toBe(10);
  expect(result.current).toBe(list);
  expect(lengths.filter((length, index) => length !== lengths[index - 1])).toEqual([10, 20, 25]);
});

test('a list no longer than the longest shown renders whole at once; a longer one gets the rest in steps', () => {
  const lengths: number[] = [];
  const { rerender, result } = renderHook(
    ({ list }: { list: number[] }) => {
      const shown = useListInSteps(list, 10);
      lengths.push(shown.length);
      return shown;
    },
    { initialProps: { list: numbers(4) } },
  );
  expect(new Set(lengths)).toEqual(new Set([4]));
  lengths.length = 0;
  rerender({ list: numbers(9) });
  expect(new Set(lengths)).toEqual(new Set([9]));
  lengths.length = 0;
  const longer = numbers(25);
  rerender({ list: longer });
  expect(lengths.filter((length, index) => length !== lengths[index - 1])).toEqual([10, 20, 25]);
  expect(result.current).toBe(longer);
});
