import { memoiseByText } from '../../machines/memoise-by-text';

test('answers as the function does, asking it once for each text', () => {
  const asked: string[] = [];
  const shout = memoiseByText((text: string) => {
    asked.push(text);
    return text.toUpperCase();
  });
  expect([shout('ab'), shout('cd'), shout('ab'), shout('cd')]).toEqual(['AB', 'CD', 'AB', 'CD']);
  expect(asked).toEqual(['ab', 'cd']);
});

test('keeps at most its limit of answers, forgetting the oldest first', () => {
  const asked: string[] = [];
  const length = memoiseByText((text: string) => {
    asked.push(text);
    return text.length;
  }, 2);
  length('a');
  length('bb');
  length('ccc'); // 'a' is forgotten
  length('bb');
  length('a');
  expect(asked).toEqual(['a', 'bb', 'ccc', 'a']);
});

test('remembers a null answer too', () => {
  let calls = 0;
  const nothing = memoiseByText(() => {
    calls += 1;
    return null;
  });
  expect([nothing('x'), nothing('x')]).toEqual([null, null]);
  expect(calls).toBe(1);
});
