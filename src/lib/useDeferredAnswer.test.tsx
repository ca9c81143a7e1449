import { act, renderHook } from '@testing-library/react';
import { useDeferredAnswer } from './useDeferredAnswer';

type Answer = { figures: number[] };

function renderAnswers(first: Answer | undefined) {
  const seen: { answer: Answer | undefined; value: Answer | undefined; pending: boolean }[] = [];
  const hook = renderHook(
    ({ answer }: { answer: Answer | undefined }) => {
      const result = useDeferredAnswer(answer);
      seen.push({ answer, ...result });
      return result;
    },
    { initialProps: { answer: first } },
  );
  return { ...hook, seen };
}

describe('useDeferredAnswer', () => {
  it('draws an arriving answer in a second, deferred render, pending until then', async () => {
    const { result, rerender, seen } = renderAnswers(undefined);
    const answer = { figures: [1, 2] };
    await act(async () => rerender({ answer }));

    expect(result.current).toEqual({ value: answer, pending: false });
    const arriving = seen.filter((render) => render.answer === answer);
    // The urgent render still holds nothing to draw, and says so; the deferred one draws the answer.
    expect(arriving[0]).toMatchObject({ value: undefined, pending: true });
    expect(arriving.at(-1)).toMatchObject({ value: answer, pending: false });
  });

  it('never draws a previous answer once it is gone', async () => {
    const before = { figures: [1] };
    const { result, rerender, seen } = renderAnswers(before);
    await act(async () => rerender({ answer: undefined }));

    expect(result.current.value).toBeUndefined();
    expect(seen.filter((render) => render.answer === undefined).every((render) => !render.value)).toBe(true);
  });

  it('keeps drawing the answer on screen while a newer one is deferred', async () => {
    const before = { figures: [1] };
    const after = { figures: [2] };
    const { result, rerender, seen } = renderAnswers(before);
    await act(async () => rerender({ answer: after }));

    expect(result.current).toEqual({ value: after, pending: false });
    expect(seen.filter((render) => render.answer === after)[0]).toMatchObject({
      value: before,
      pending: true,
    });
  });
});
